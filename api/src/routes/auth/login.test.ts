import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

const MESSAGE = 'Email and password combination not known. Please try again.';

describe('POST /api/authentication/login', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Clients come through one trusted proxy, which names them in X-Forwarded-For.
    api = await startTestApi({ env: { TRUST_PROXY: '1' } });
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
      expect(res.body.error).toEqual({
        code: 'invalid_credentials',
        message: MESSAGE,
        requestId: expect.any(String),
      });
    }
  });

  it('spends one argon2id check at the configured cost on unknown e-mails and password-less accounts', async () => {
    // Timing itself is the machine's business; what makes the answers take equally long is that
    // every kind of failure runs exactly one verification against a hash of the same cost.
    const verify = vi.spyOn(argon2, 'verify');
    try {
      for (const email of ['kari@example.com', 'ghost@example.com', 'invited@example.com']) {
        verify.mockClear();
        expect((await login(email, 'not-the-password', '198.51.100.3')).status).toBe(401);
        expect(verify, email).toHaveBeenCalledTimes(1);
        // The cost is written into the hash: m (KiB), p (lanes), t (passes) of the test servers.
        expect(verify.mock.calls[0][0], email).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=2\$/);
      }
    } finally {
      verify.mockRestore();
    }
  });

  it('allows one address 5 wrong passwords per account per window, then 429 for that address only', async () => {
    // ASVS V6.3: the lockout limits the attacker, not the owner.
    await createUser(api.deps, { email: 'target@example.com', password: 'target-password' });
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login('target@example.com', `guess-${i}`, attacker)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The attacker's address is refused for this account, the right password included...
    const locked = await login('Target@Example.com', 'target-password', attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('rate_limited');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // ...while the owner signs in from their own address.
    expect((await login('target@example.com', 'target-password', '198.51.100.67')).status).toBe(200);
  });

  it('allows an account 50 wrong passwords per window from any number of addresses, then answers 429', async () => {
    // The per-account ceiling stops a guesser spread over many addresses (5 guesses each).
    await createUser(api.deps, { email: 'spread@example.com', password: 'spread-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++)
      statuses.push(
        (await login('spread@example.com', `guess-${i}`, `192.0.2.${Math.floor(i / 5) + 1}`)).status,
      );
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
  });

  it('allows one address 100 failures per window over any accounts, then answers 429 for every account', async () => {
    // Spec: 100 failures per client IP in 15 minutes; each guess on a different (unknown) e-mail.
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++)
      statuses.push((await login(`victim-${i}@example.com`, 'guess', attacker)).status);
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
    // The attacker's address is spent for other accounts too, the right password included...
    await createUser(api.deps, { email: 'ola@example.com', password: 'ola-password' });
    expect((await login('ola@example.com', 'ola-password', attacker)).status).toBe(429);
    // ...while other people sign in as usual.
    expect((await login('ola@example.com', 'ola-password', '198.51.100.10')).status).toBe(200);
  });

  it('does not count successful sign-ins against anyone', async () => {
    await createUser(api.deps, { email: 'often@example.com', password: 'often-password' });
    for (let i = 0; i < 6; i++) {
      expect((await login('often@example.com', 'often-password', '198.51.100.20')).status).toBe(200);
    }
  });
});
