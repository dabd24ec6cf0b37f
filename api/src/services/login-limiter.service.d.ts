import type { AppDeps } from '../deps';
/**
 * Brute-force protection for anything that checks a password. Every attempt consumes a point
 * per e-mail and per client IP up front (so concurrent guesses cannot slip past a check-then-count
 * race); a success gives the points back. Limits:
 * - per e-mail: 5 failures in 15 minutes, then blocked for the rest of the window (guards one
 *   account against a distributed guesser);
 * - per IP: 100 failures in 15 minutes (a housing association's shared address signing in
 *   normally never gets near it).
 * Reset requests have their own budgets: 5 mails per address per hour (further requests still
 * answer 200 but send nothing) and 30 requests per client IP per hour (then 429).
 * State lives in Redis under `<REDIS_PREFIX>:rl:*` so every API replica shares it; if Redis is
 * unreachable an in-memory limiter per process stands in rather than letting guesses through.
 */
export declare const LOGIN_LIMITS: {
  readonly email: {
    readonly points: 5;
    readonly duration: number;
  };
  readonly ip: {
    readonly points: 100;
    readonly duration: number;
  };
  readonly resetRequest: {
    readonly points: 5;
    readonly duration: number;
  };
  readonly resetRequestIp: {
    readonly points: 30;
    readonly duration: number;
  };
};
export interface LoginLimiter {
  /** Throws 429 `rate_limited` (with retryAfter seconds in details) when either budget is spent. */
  attempt(email: string, ip: string): Promise<void>;
  succeeded(email: string, ip: string): Promise<void>;
  /** False once an address asked for too many reset mails this hour (the request still answers 200). */
  allowResetMail(email: string): Promise<boolean>;
  /**
   * Reset requests per client IP: past the budget, 429 whatever the e-mail, so the answer still
   * says nothing about which accounts exist while one client cannot mail-bomb the whole user list.
   */
  resetRequest(ip: string): Promise<void>;
}
export declare function loginLimiter(deps: AppDeps): LoginLimiter;
type LimitedCtx = {
  ip: string;
  set(field: string, value: string): void;
};
/** Counts a password attempt for the request's client; a 429 carries Retry-After in seconds. */
export declare function guardAttempt(ctx: LimitedCtx, deps: AppDeps, email: string): Promise<void>;
/** Counts a reset request for the request's client; a 429 carries Retry-After in seconds. */
export declare function guardResetRequest(ctx: LimitedCtx, deps: AppDeps): Promise<void>;
