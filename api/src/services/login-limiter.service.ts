import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';

/**
 * Brute-force protection for anything that checks a password. Every attempt consumes a point
 * per e-mail and per client IP up front (so concurrent guesses cannot slip past a check-then-count
 * race); a success gives the points back. Limits:
 * - per e-mail: 5 failures in 15 minutes, then blocked for the rest of the window (guards one
 *   account against a distributed guesser);
 * - per IP: 100 failures in 15 minutes (a housing association's shared address signing in
 *   normally never gets near it).
 * State lives in Redis under `<REDIS_PREFIX>:rl:*` so every API replica shares it; if Redis is
 * unreachable an in-memory limiter per process stands in rather than letting guesses through.
 */
export const LOGIN_LIMITS = {
  email: { points: 5, duration: 15 * 60 },
  ip: { points: 100, duration: 15 * 60 },
  resetRequest: { points: 5, duration: 60 * 60 },
} as const;

export interface LoginLimiter {
  /** Throws 429 `rate_limited` (with retryAfter seconds in details) when either budget is spent. */
  attempt(email: string, ip: string): Promise<void>;
  succeeded(email: string, ip: string): Promise<void>;
  /** False once an address asked for too many reset mails this hour (the request still answers 200). */
  allowResetMail(email: string): Promise<boolean>;
}

const cache = new WeakMap<AppDeps, LoginLimiter>();

function limiter(deps: AppDeps, name: string, opts: { points: number; duration: number }) {
  return new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: `${deps.config.redisPrefix}:rl:${name}`,
    points: opts.points,
    duration: opts.duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points: opts.points, duration: opts.duration }),
  });
}

export function loginLimiter(deps: AppDeps): LoginLimiter {
  const cached = cache.get(deps);
  if (cached) return cached;
  const byEmail = limiter(deps, 'login-email', LOGIN_LIMITS.email);
  const byIp = limiter(deps, 'login-ip', LOGIN_LIMITS.ip);
  const byResetEmail = limiter(deps, 'reset-email', LOGIN_LIMITS.resetRequest);
  const key = (email: string) => email.trim().toLowerCase();
  const created: LoginLimiter = {
    async attempt(email, ip) {
      const results = await Promise.allSettled([byEmail.consume(key(email)), byIp.consume(ip)]);
      const blocked = results.filter((r) => r.status === 'rejected').map((r) => r.reason as unknown);
      if (blocked.length === 0) return;
      const waits = blocked.map((r) => (r instanceof RateLimiterRes ? r.msBeforeNext : 60_000));
      const retryAfter = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
      throw new AppError(429, 'rate_limited', 'Too many attempts. Please wait a while and try again.', {
        retryAfter,
      });
    },
    async succeeded(email, ip) {
      await Promise.allSettled([byEmail.delete(key(email)), byIp.reward(ip, 1)]);
    },
    async allowResetMail(email) {
      return byResetEmail.consume(key(email)).then(
        () => true,
        () => false,
      );
    },
  };
  cache.set(deps, created);
  return created;
}

/** Counts an attempt for the request's client; a 429 carries a Retry-After header in seconds. */
export async function guardAttempt(
  ctx: { ip: string; set(field: string, value: string): void },
  deps: AppDeps,
  email: string,
): Promise<void> {
  try {
    await loginLimiter(deps).attempt(email, ctx.ip);
  } catch (err) {
    if (err instanceof AppError && err.code === 'rate_limited') {
      ctx.set('Retry-After', String((err.details as { retryAfter: number }).retryAfter));
    }
    throw err;
  }
}
