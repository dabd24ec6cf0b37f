import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createEntity, createUser, grant } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('own account', () => {
  let api: TestApi;
  let kari: { id: number; token: string };
  let orgId: number;
  beforeAll(async () => {
    api = await startTestApi();
    kari = await createUser(api.deps, { email: 'kari@example.com', password: 'kari-password', name: 'Kari' });
    await createUser(api.deps, { email: 'ola@example.com', password: 'ola-password' });
    orgId = (await createEntity(api.deps, { name: 'Solbakken', type: 'organization' })).id;
    await grant(api.deps, kari.id, orgId, 'moderator');
  });
  afterAll(() => api.close());

  const row = async (id: number) =>
    (await api.deps.database.db.select().from(users).where(eq(users.id, id)))[0];

  it('GET /api/account answers the user with permissions and never the hash', async () => {
    const res = await api.request('GET', '/api/account', { token: kari.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: kari.id,
      email: 'kari@example.com',
      name: 'Kari',
      phoneNumber: null,
      phoneVerified: false,
      language: 'no',
      admin: false,
      permissions: [{ entityId: orgId, role: 'moderator' }],
    });
    expect((await api.request('GET', '/api/account')).status).toBe(401);
  });

  it('PUT /api/account updates profile and language, normalizes the phone and answers a fresh token', async () => {
    const res = await api.request('PUT', '/api/account', {
      token: kari.token,
      body: { name: 'Kari Nordmann', phoneNumber: '+47 912 34 567', language: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      name: 'Kari Nordmann',
      phoneNumber: '004791234567',
      language: 'en',
    });
    const claims = await api.deps.tokens.verifyUser(res.body.token);
    expect(claims?.user.name).toBe('Kari Nordmann');
    // The old token stays valid: a profile change is not a password change.
    expect((await api.request('GET', '/api/account', { token: kari.token })).status).toBe(200);

    const national = await api.request('PUT', '/api/account', {
      token: kari.token,
      body: { phoneNumber: '41234567' },
    });
    expect(national.body.user.phoneNumber).toBe('004741234567');
    const swedish = await api.request('PUT', '/api/account', {
      token: kari.token,
      body: { phoneNumber: '070-123 45 67', phoneCountry: 'SE' },
    });
    expect(swedish.body.user.phoneNumber).toBe('0046701234567');
    const cleared = await api.request('PUT', '/api/account', {
      token: kari.token,
      body: { phoneNumber: '' },
    });
    expect(cleared.body.user.phoneNumber).toBeNull();
  });

  it('refuses an invalid phone, an e-mail in use and the admin flag, changing nothing', async () => {
    const before = await row(kari.id);
    const phone = await api.request('PUT', '/api/account', {
      token: kari.token,
      body: { phoneNumber: '12' },
    });
    expect(phone.status).toBe(400);
    expect(phone.body.error.message).toBe('Phone number is not a valid NO phone number');
    const taken = await api.request('PUT', '/api/account', {
      token: kari.token,
      body: { email: 'OLA@example.com', currentPassword: 'kari-password' },
    });
    expect(taken.status).toBe(409);
    const admin = await api.request('PUT', '/api/account', { token: kari.token, body: { admin: true } });
    expect(admin.status).toBe(400);
    expect(admin.body.error.code).toBe('validation_failed');
    expect(await row(kari.id)).toEqual(before);
  });

  describe('change password', () => {
    const change = (token: string, body: unknown) =>
      api.request('POST', '/api/account/change-password', { token, body });

    it('answers the spec message when the two new passwords differ', async () => {
      const res = await change(kari.token, {
        password: 'kari-password',
        newPassword: 'new-password-1',
        confirmNewPassword: 'new-password-2',
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'password_mismatch',
        message: 'Passwords does not match. Please try again.',
        requestId: expect.any(String),
        fields: [
          {
            path: 'confirmNewPassword',
            code: 'mismatch',
            message: 'Passwords does not match. Please try again.',
          },
        ],
      });
    });

    it('refuses a wrong current password and a too-short new one', async () => {
      const wrong = await change(kari.token, {
        password: 'not-my-password',
        newPassword: 'new-password-1',
        confirmNewPassword: 'new-password-1',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('wrong_password');
      const short = await change(kari.token, {
        password: 'kari-password',
        newPassword: 'short',
        confirmNewPassword: 'short',
      });
      expect(short.status).toBe(400);
      expect(short.body.error.code).toBe('validation_failed');
      expect(short.body.error.message).toBe('Password has to be at least 8 characters long');
      // ASVS V6.2.4: long enough is not enough when the password heads every breach list.
      for (const common of ['password', '12345678', 'Passord123']) {
        const weak = await change(kari.token, {
          password: 'kari-password',
          newPassword: common,
          confirmNewPassword: common,
        });
        expect(weak.status, common).toBe(400);
        expect(weak.body.error.fields, common).toEqual([
          {
            path: 'newPassword',
            code: 'too_common',
            message: 'This password is too common. Please choose another one',
          },
        ]);
      }
      expect(
        (
          await api.request('POST', '/api/authentication/login', {
            body: { email: 'kari@example.com', password: 'kari-password' },
          })
        ).status,
      ).toBe(200);
    });

    it('changes it, ends older sessions and hands back a working token', async () => {
      const res = await change(kari.token, {
        password: 'kari-password',
        newPassword: 'new-password-1',
        confirmNewPassword: 'new-password-1',
      });
      expect(res.status).toBe(200);
      expect(res.body.passwordChanged).toBe(true);
      expect((await api.request('GET', '/api/account', { token: kari.token })).status).toBe(401);
      expect((await api.request('GET', '/api/account', { token: res.body.token })).status).toBe(200);
      const login = await api.request('POST', '/api/authentication/login', {
        body: { email: 'kari@example.com', password: 'new-password-1' },
      });
      expect(login.status).toBe(200);
    });

    it('needs a signed-in user', async () => {
      const res = await api.request('POST', '/api/account/change-password', {
        body: { password: 'x', newPassword: 'new-password-1', confirmNewPassword: 'new-password-1' },
      });
      expect(res.status).toBe(401);
    });
  });
});
