import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, users } from '../../db/schema/index';
import { createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp-server';

describe('users (superadmin)', () => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: { id: number; token: string };
  let kari: { id: number; token: string };
  let ola: { id: number; token: string };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startTestApi({ env: { SMTP_URL: smtp.url } });
    admin = await createUser(api.deps, {
      email: 'admin@example.com',
      password: 'admin-password',
      admin: true,
    });
    kari = await createUser(api.deps, { email: 'kari@example.com', password: 'kari-password', name: 'Kari' });
    ola = await createUser(api.deps, { email: 'ola@example.com', password: 'ola-password' });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const userEvents = async () =>
    (await api.deps.database.db.select().from(events).where(eq(events.type, 'user.updated'))).length;

  it('lists users for the superadmin only, without secrets', async () => {
    const res = await api.request('GET', '/api/users', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { email: string }) => u.email)).toEqual([
      'admin@example.com',
      'kari@example.com',
      'ola@example.com',
    ]);
    for (const u of res.body)
      expect(Object.keys(u).sort()).toEqual([
        'admin',
        'email',
        'id',
        'language',
        'name',
        'phoneNumber',
        'phoneVerified',
      ]);
    expect((await api.request('GET', '/api/users', { token: kari.token })).status).toBe(403);
    expect((await api.request('GET', '/api/users')).status).toBe(401);
  });

  it('shows one user to the superadmin and to that user; others get 404', async () => {
    expect((await api.request('GET', `/api/users/${kari.id}`, { token: admin.token })).body.email).toBe(
      'kari@example.com',
    );
    expect((await api.request('GET', `/api/users/${kari.id}`, { token: kari.token })).status).toBe(200);
    expect((await api.request('GET', `/api/users/${kari.id}`, { token: ola.token })).status).toBe(404);
    expect((await api.request('GET', '/api/users/999999', { token: admin.token })).status).toBe(404);
    expect((await api.request('GET', '/api/users/abc', { token: admin.token })).status).toBe(404);
    expect((await api.request('GET', '/api/users/99999999999999', { token: admin.token })).status).toBe(404);
  });

  it('lets a user update their own profile and language but not the admin flag', async () => {
    const before = await userEvents();
    const own = await api.request('PUT', `/api/users/${kari.id}`, {
      token: kari.token,
      body: { id: kari.id, name: 'Kari N', language: 'en', phoneNumber: '912 34 567' },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'Kari N', language: 'en', phoneNumber: '004791234567' });
    expect(await userEvents()).toBe(before + 1);
    const promote = await api.request('PUT', `/api/users/${kari.id}`, {
      token: kari.token,
      body: { admin: true },
    });
    expect(promote.status).toBe(403);
    const unchanged = await api.request('PUT', `/api/users/${kari.id}`, {
      token: kari.token,
      body: { id: kari.id, admin: false, name: 'Kari N' },
    });
    expect(unchanged.status).toBe(200);
    const other = await api.request('PUT', `/api/users/${ola.id}`, {
      token: kari.token,
      body: { name: 'Hacked' },
    });
    expect(other.status).toBe(404);
    const [olaRow] = await api.deps.database.db.select().from(users).where(eq(users.id, ola.id));
    expect(olaRow.name).toBeNull();
    expect(await userEvents()).toBe(before + 2);
  });

  it('lets the superadmin update anyone and set the admin flag, but not remove the last superadmin', async () => {
    const res = await api.request('PUT', `/api/users/${ola.id}`, {
      token: admin.token,
      body: { name: 'Ola', admin: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ola', admin: true });
    expect(
      (await api.request('PUT', `/api/users/${ola.id}`, { token: admin.token, body: { admin: false } }))
        .status,
    ).toBe(200);
    const last = await api.request('PUT', `/api/users/${admin.id}`, {
      token: admin.token,
      body: { admin: false },
    });
    expect(last.status).toBe(409);
    const mismatch = await api.request('PUT', `/api/users/${ola.id}`, {
      token: admin.token,
      body: { id: kari.id, name: 'X' },
    });
    expect(mismatch.status).toBe(400);
    const bad = await api.request('PUT', `/api/users/${ola.id}`, {
      token: admin.token,
      body: { phoneNumber: 'call me' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/phone number/i);
  });

  it('generates a new password: 201, returned once, mailed, old password and sessions dead', async () => {
    const res = await api.request('POST', `/api/users/${ola.id}/generateNewPassword`, { token: admin.token });
    expect(res.status).toBe(201);
    expect(res.body.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const mail = await smtp.next();
    expect(mail.to).toEqual(['ola@example.com']);
    expect(mail.text).toContain(res.body.password);
    const login = (password: string) =>
      api.request('POST', '/api/authentication/login', { body: { email: 'ola@example.com', password } });
    expect((await login(res.body.password)).status).toBe(200);
    expect((await login('ola-password')).status).toBe(401);
    expect((await api.request('GET', '/api/account', { token: ola.token })).status).toBe(401);

    expect(
      (await api.request('POST', `/api/users/${kari.id}/generateNewPassword`, { token: kari.token })).status,
    ).toBe(403);
    expect(
      (await api.request('POST', '/api/users/424242/generateNewPassword', { token: admin.token })).status,
    ).toBe(404);
  });
});
