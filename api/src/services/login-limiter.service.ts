import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps } from '../deps';
import { consumeAll, type LimitedCtx as RetryCtx, rateLimiter, withRetryAfter } from '../lib/rate-limit';
import { findUserByEmail } from './auth.service';
import { sendMailSafely } from './invitation.service';
import { mailTemplates } from './mail-templates';

/**
 * Brute-force protection for anything that checks a password (ASVS V6.3). Every attempt consumes
 * a point in each budget up front (so concurrent guesses cannot slip past a check-then-count race);
 * a success gives the points back. The budgets limit attackers, not owners: a guesser on one
 * address cannot lock the account's owner out from another address.
 * - per account + IP: 5 failures in 15 minutes (one client guessing one account);
 * - per account: 50 failures in 15 minutes, a ceiling against a guesser spread over many
 *   addresses. It never applies to an address the owner proved itself from (a sign-in, a reset
 *   or a password change there in the last 30 days: `trusted`), and a reset or a password change
 *   clears it (issue 28 item 2), so a distributed guesser cannot keep the owner out for good;
 * - per IP: 100 failures in 15 minutes (a housing association's shared address signing in
 *   normally never gets near it).
 * Reset requests have their own budgets: 5 mails per address per hour (further requests still
 * answer 200 but send nothing) and 30 requests per client IP per hour (then 429).
 * The budgets are lib/rate-limit.ts's (Redis, shared by every replica, in-memory stand-in).
 */
export const LOGIN_LIMITS = {
  accountIp: { points: 5, duration: 15 * 60 },
  account: { points: 50, duration: 15 * 60 },
  ip: { points: 100, duration: 15 * 60 },
  resetRequest: { points: 5, duration: 60 * 60 },
  resetRequestIp: { points: 30, duration: 60 * 60 },
} as const;

/** How long an address the owner signed in, reset or changed the password from skips the account ceiling. */
export const TRUSTED_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

export interface LoginLimiter {
  /** Throws 429 `rate_limited` (with retryAfter seconds in details) when either budget is spent. */
  attempt(email: string, ip: string): Promise<void>;
  succeeded(email: string, ip: string): Promise<void>;
  /**
   * The account got a new password (reset by mail, change, generated): its lock is cleared, and
   * the address it happened from (when a client did it) is trusted like a sign-in's.
   */
  passwordReplaced(email: string, ip: string | null): Promise<void>;
  /** False once an address asked for too many reset mails this hour (the request still answers 200). */
  allowResetMail(email: string): Promise<boolean>;
  /**
   * Reset requests per client IP: past the budget, 429 whatever the e-mail, so the answer still
   * says nothing about which accounts exist while one client cannot mail-bomb the whole user list.
   */
  resetRequest(ip: string): Promise<void>;
}

const cache = new WeakMap<AppDeps, LoginLimiter>();

export function loginLimiter(deps: AppDeps): LoginLimiter {
  const cached = cache.get(deps);
  if (cached) return cached;
  const byAccountIp = rateLimiter(deps, 'login-account-ip', LOGIN_LIMITS.accountIp);
  const byAccount = rateLimiter(deps, 'login-account', LOGIN_LIMITS.account);
  const byIp = rateLimiter(deps, 'login-ip', LOGIN_LIMITS.ip);
  const byResetEmail = rateLimiter(deps, 'reset-email', LOGIN_LIMITS.resetRequest);
  const byResetIp = rateLimiter(deps, 'reset-ip', LOGIN_LIMITS.resetRequestIp);
  const key = (email: string) => email.trim().toLowerCase();
  const pair = (email: string, ip: string) => `${key(email)}|${ip}`;
  // Trusted account+address pairs: a plain key with an expiry (no counting), beside the budgets.
  const trustKey = (email: string, ip: string) => `${deps.config.redisPrefix}:rl:trusted:${pair(email, ip)}`;
  const trust = (email: string, ip: string) =>
    deps.redis.set(trustKey(email, ip), '1', 'EX', TRUSTED_ADDRESS_SECONDS).catch(() => null);
  // Redis down: nobody is trusted (the in-memory stand-in counts every budget).
  const trusted = (email: string, ip: string) =>
    deps.redis.exists(trustKey(email, ip)).then(
      (n) => n > 0,
      () => false,
    );
  const created: LoginLimiter = {
    async attempt(email, ip) {
      const owners = await trusted(email, ip);
      const account = owners ? null : byAccount.consume(key(email));
      // The attempt that first spends the account's budget tells the owner (once per lock).
      account?.catch((res: unknown) => {
        if (res instanceof RateLimiterRes && res.consumedPoints === LOGIN_LIMITS.account.points + 1)
          void tellOwner(deps, email);
      });
      await consumeAll([
        byAccountIp.consume(pair(email, ip)),
        ...(account ? [account] : []),
        byIp.consume(ip),
      ]);
    },
    async resetRequest(ip) {
      await consumeAll([byResetIp.consume(ip)]);
    },
    async succeeded(email, ip) {
      // The owner's own failures from this address are forgiven; elsewhere-counted guesses stay.
      await Promise.allSettled([
        byAccountIp.delete(pair(email, ip)),
        byAccount.reward(key(email), 1),
        byIp.reward(ip, 1),
        trust(email, ip),
      ]);
    },
    async passwordReplaced(email, ip) {
      // Guesses against the old password say nothing about the new one: the account starts afresh.
      await Promise.allSettled([
        byAccount.delete(key(email)),
        ...(ip === null ? [] : [byAccountIp.delete(pair(email, ip)), trust(email, ip)]),
      ]);
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

/**
 * Mails the account's owner that its sign-in is paused (issue 28 item 2). After the answer, and the
 * same answer for unknown addresses: the mail tells nobody but the owner that the account exists.
 */
async function tellOwner(deps: AppDeps, email: string): Promise<void> {
  const row = await findUserByEmail(deps.database.db, email).catch(() => null);
  if (!row) return;
  const resetUrl = `${deps.config.publicUrl}/auth/reset-password`;
  await sendMailSafely(deps, mailTemplates.underAttack(row.email, row.language, resetUrl));
}

type LimitedCtx = RetryCtx & { ip: string };

/** Counts a password attempt for the request's client; a 429 carries Retry-After in seconds. */
export function guardAttempt(ctx: LimitedCtx, deps: AppDeps, email: string): Promise<void> {
  return withRetryAfter(ctx, loginLimiter(deps).attempt(email, ctx.ip));
}

/** Counts a reset request for the request's client; a 429 carries Retry-After in seconds. */
export function guardResetRequest(ctx: LimitedCtx, deps: AppDeps): Promise<void> {
  return withRetryAfter(ctx, loginLimiter(deps).resetRequest(ctx.ip));
}
