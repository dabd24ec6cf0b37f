import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { startTestApi, type TestApi } from '../test/harness';
import { LOGIN_LIMITS, loginLimiter } from './login-limiter.service';

/**
 * The limiter's own budgets against the shared Redis: which attempts share a budget and which do
 * not, and the wait a 429 announces. (login.test.ts and reset-password.test.ts pin it over HTTP.)
 */
describe('login limiter', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  async function rejection(p: Promise<unknown>): Promise<AppError> {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }

  it('counts one address in any case and spacing per client, and no other address or client with it', async () => {
    const limiter = loginLimiter(api.deps);
    for (let i = 0; i < LOGIN_LIMITS.accountIp.points; i++) {
      await limiter.attempt(i % 2 ? 'Ola@Example.no' : ' ola@example.no ', '192.0.2.10');
    }
    const blocked = await rejection(limiter.attempt('OLA@example.no', '192.0.2.10'));
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe('rate_limited');
    // The window is 15 minutes; the announced wait is the rest of it in whole seconds.
    const { retryAfter } = blocked.details as { retryAfter: number };
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.accountIp.duration - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.accountIp.duration);
    // Another address from the same client still has its own budget, and so has the owner of
    // this address signing in from elsewhere (a guesser cannot lock the owner out).
    await expect(limiter.attempt('per@example.no', '192.0.2.10')).resolves.toBeUndefined();
    await expect(limiter.attempt('ola@example.no', '198.51.100.4')).resolves.toBeUndefined();
  });

  it('keeps the login budget and the reset-mail budget of one address apart', async () => {
    const limiter = loginLimiter(api.deps);
    for (let i = 0; i < LOGIN_LIMITS.resetRequest.points; i++) {
      expect(await limiter.allowResetMail('kari@example.no')).toBe(true);
    }
    expect(await limiter.allowResetMail('Kari@example.no')).toBe(false);
    await expect(limiter.attempt('kari@example.no', '192.0.2.20')).resolves.toBeUndefined();
  });

  it('a success gives the address its budget back', async () => {
    const limiter = loginLimiter(api.deps);
    for (let i = 0; i < LOGIN_LIMITS.accountIp.points; i++)
      await limiter.attempt('lise@example.no', '192.0.2.30');
    await limiter.succeeded('Lise@example.no', '192.0.2.30');
    await expect(limiter.attempt('lise@example.no', '192.0.2.30')).resolves.toBeUndefined();
  });
});
