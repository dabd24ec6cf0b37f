import { propertyOf } from '@oppslag/common/property-of.ts';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';

/**
 * The one rate-limit implementation (rate-limiter-flexible): budgets of points per window, kept in
 * Redis under `<REDIS_PREFIX>:rl:<name>` so every API replica shares them; with Redis unreachable
 * an in-memory limiter per process stands in rather than letting everything through. A spent
 * budget answers 429 `rate_limited` with `Retry-After` (seconds) and `details.retryAfter`.
 * Used by the password limiter (services/login-limiter.service.ts) and the route budgets
 * (services/route-limits.ts).
 */
export interface Budget {
  points: number;
  /** Window in seconds. */
  duration: number;
}

export function rateLimiter(deps: AppDeps, name: string, budget: Budget): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: `${deps.config.redisPrefix}:rl:${name}`,
    points: budget.points,
    duration: budget.duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points: budget.points, duration: budget.duration }),
  });
}

/** Waits for every consumption (each must count) and throws 429 if any budget was spent. */
export async function consumeAll(
  consumptions: Promise<RateLimiterRes>[],
  message = 'Too many attempts. Please wait a while and try again.',
): Promise<void> {
  const results = await Promise.allSettled(consumptions);
  const blocked = results.filter((r) => r.status === 'rejected').map((r): unknown => r.reason);
  if (blocked.length === 0) return;
  const waits = blocked.map((r) => (r instanceof RateLimiterRes ? r.msBeforeNext : 60_000));
  const retryAfter = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
  throw new AppError('rate_limited', message, { details: { retryAfter } });
}

export type LimitedCtx = { set(field: string, value: string): void };

/** Runs a check; a 429 from it also sets the answer's Retry-After header. */
export async function withRetryAfter(ctx: LimitedCtx, check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (err) {
    if (err instanceof AppError && err.code === 'rate_limited') {
      ctx.set('Retry-After', String(propertyOf(err.details, 'retryAfter')));
    }
    throw err;
  }
}
