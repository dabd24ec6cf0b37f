import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('console tokens that must be refused', () => {
  let api: TestApi;
  let kari: { id: number; email: string; token: string };
  beforeAll(async () => {
    api = await startTestApi();
    kari = await createUser(api.deps, { email: 'kari@example.com', password: 'kari-password' });
  });
  afterAll(() => api.close());

  const me = (token: string) => api.request('GET', '/api/account', { token });
  const expect401 = async (token: string) => {
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('token_invalid');
  };
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const sign = (payload: Record<string, unknown>, audience: string, expiresIn = 3600) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'k1' })
      .setIssuer('oppslag')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(new TextEncoder().encode(api.deps.config.jwtSecret));

  it('accepts the genuine token (the baseline every case below departs from)', async () => {
    expect((await me(kari.token)).status).toBe(200);
    expect((await me(await sign(claimsOf(kari.token), 'oppslag-console'))).status).toBe(200);
  });

  it('refuses alg none', async () => {
    const [, payload] = kari.token.split('.');
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}`);
  });

  it('refuses an expired token', async () => {
    api.setNow(new Date(Date.now() - 8 * 24 * 3600_000));
    const old = await api.deps.tokens.signUser({ id: kari.id, email: kari.email, admin: false }, 0);
    api.setNow(null);
    await expect401(old);
    await expect401(await sign(claimsOf(kari.token), 'oppslag-console', -10));
  });

  it('refuses a wrong audience, including a display token', async () => {
    await expect401(await sign(claimsOf(kari.token), 'someone-else'));
    await expect401(await api.deps.tokens.signDisplay(1, 0));
  });

  it('refuses a tampered payload', async () => {
    const [header, , signature] = kari.token.split('.');
    const claims = claimsOf(kari.token);
    await expect401(`${header}.${b64({ ...claims, user: { ...claims.user, admin: true } })}.${signature}`);
    await expect401(`${header}.${b64({ ...claims, tv: claims.tv + 1 })}.${signature}`);
    await expect401(`${kari.token.slice(0, -2)}xx`);
  });

  it('refuses a token issued before a password change', async () => {
    const changed = await api.request('POST', '/api/account/change-password', {
      token: kari.token,
      body: {
        password: 'kari-password',
        newPassword: 'kari-password-2',
        confirmNewPassword: 'kari-password-2',
      },
    });
    expect(changed.status).toBe(200);
    await expect401(kari.token);
    expect((await me(changed.body.token)).status).toBe(200);
  });

  it("refuses a deleted user's token", async () => {
    const gone = await createUser(api.deps, { email: 'gone@example.com', password: 'gone-password' });
    expect((await me(gone.token)).status).toBe(200);
    await api.deps.database.db.delete(users).where(eq(users.id, gone.id));
    await expect401(gone.token);
  });

  it('refuses garbage in the Authorization header', async () => {
    await expect401('not-a-jwt');
    const res = await api.request('GET', '/api/account', {
      headers: { authorization: 'Basic a2FyaTpwdw==' },
    });
    expect(res.status).toBe(401);
  });
});
