import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

const MESSAGE = 'Email and password combination not known. Please try again.';

// argon2id is slow on purpose; several hashes per test need more than the default on a busy 2-core machine.
describe('POST /api/authentication/login', { timeout: 90_000 }, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await createUser(api.deps, { email: 'kari@example.com', password: 'kari-password', name: 'Kari' });
    await createUser(api.deps, { email: 'invited@example.com' });
  });
  afterAll(() => api.close());

  const login = (email: string, password: string, ip = '198.51.100.1') =>
    api.request('POST', '/api/authentication/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': ip },
    });

  it('answers a token for the right password, whatever the e-mail case', async () => {
    const res = await login('Kari@Example.com', 'kari-password');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);
    const claims = await api.deps.tokens.verifyUser(res.body.token);
    expect(claims?.user).toMatchObject({
      email: 'kari@example.com',
      name: 'Kari',
      admin: false,
      id: expect.any(Number),
    });
    const me = await api.request('GET', '/api/account', { token: res.body.token });
    expect(me.body.email).toBe('kari@example.com');
  });

  it('answers 401 with the spec message for a wrong password, an unknown e-mail and an account without password', async () => {
    for (const [email, password] of [
      ['kari@example.com', 'wrong-password'],
      ['nobody@example.com', 'kari-password'],
      ['invited@example.com', 'anything-at-all'],
    ]) {
      const res = await login(email, password, '198.51.100.2');
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: 'invalid_credentials', message: MESSAGE });
    }
  });

  it('takes about as long for an unknown e-mail as for a known one', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await login(email, 'not-the-password', '198.51.100.3');
      return performance.now() - start;
    };
    await time('kari@example.com');
    const known = Math.min(await time('kari@example.com'), await time('kari@example.com'));
    const unknown = Math.min(await time('ghost-1@example.com'), await time('ghost-2@example.com'));
    // Both run one argon2id verification; without the dummy hash the unknown case is ~100x faster.
    expect(unknown).toBeGreaterThan(known * 0.3);
  });

  it('blocks brute force: 100 wrong logins in a minute get at least 90 answers of 429', async () => {
    const attacker = '203.0.113.7';
    const started = Date.now();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 100; i++) {
      const res = await login('kari@example.com', `guess-${i}`, attacker);
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get('retry-after');
        expect(res.body.error.code).toBe('rate_limited');
      }
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(90);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The account is locked for everyone for the window, the right password included...
    expect((await login('kari@example.com', 'kari-password', '198.51.100.9')).status).toBe(429);
    // ...and the attacker's address is spent for other accounts too.
    expect((await login('other@example.com', 'whatever-1', attacker)).status).toBe(429);
    // Other people sign in as usual.
    await createUser(api.deps, { email: 'ola@example.com', password: 'ola-password' });
    expect((await login('ola@example.com', 'ola-password', '198.51.100.10')).status).toBe(200);
  });

  it('does not count successful sign-ins against anyone', async () => {
    await createUser(api.deps, { email: 'often@example.com', password: 'often-password' });
    for (let i = 0; i < 6; i++) {
      expect((await login('often@example.com', 'often-password', '198.51.100.20')).status).toBe(200);
    }
  });
});
