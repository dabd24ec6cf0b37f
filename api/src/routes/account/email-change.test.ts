import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp-server';

/** ASVS V6.3.7 / issue 14 item 2: a stolen token alone must not move the account to a new address. */
describe('PUT /api/account with a new e-mail', () => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let kari: { id: number; token: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startTestApi({ env: { SMTP_URL: smtp.url } });
    kari = await createUser(api.deps, { email: 'kari@example.com', password: 'kari-password', name: 'Kari' });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const update = (token: string, body: unknown) => api.request('PUT', '/api/account', { token, body });
  const email = async () => (await api.request('GET', '/api/account', { token: kari.token })).body.email;

  it('refuses without the current password or with a wrong one, changing nothing', async () => {
    // No password is a missing field, a wrong one is wrong (issue 31 item 9: blame the right thing).
    for (const [body, code, fieldCode] of [
      [{ email: 'thief@example.com' }, 'validation_failed', 'required'],
      [{ email: 'thief@example.com', currentPassword: '' }, 'validation_failed', 'required'],
      [
        { email: 'thief@example.com', currentPassword: 'not-my-password' },
        'wrong_password',
        'wrong_password',
      ],
    ] as const) {
      const res = await update(kari.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.fields).toEqual([
        expect.objectContaining({ path: 'currentPassword', code: fieldCode }),
      ]);
    }
    // The users route is the same door for one's own account.
    const viaUsers = await api.request('PUT', `/api/users/${kari.id}`, {
      token: kari.token,
      body: { email: 'thief@example.com' },
    });
    expect(viaUsers.status).toBe(400);
    expect(viaUsers.body.error.fields).toEqual([
      expect.objectContaining({ path: 'currentPassword', code: 'required' }),
    ]);
    expect(await email()).toBe('kari@example.com');
    // Other profile fields, and sending back the unchanged address, need no password.
    const same = await update(kari.token, { email: 'Kari@example.com', name: 'Kari N' });
    expect(same.status).toBe(200);
    expect(smtp.pending()).toBe(0);
  });

  it('with the password: changes it, tells the old address and ends the other sessions', async () => {
    const other = (
      await api.request('POST', '/api/authentication/login', {
        body: { email: 'kari@example.com', password: 'kari-password' },
      })
    ).body.token as string;
    const res = await update(kari.token, { email: 'kari.ny@example.com', currentPassword: 'kari-password' });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('kari.ny@example.com');
    const mail = await smtp.next();
    expect(mail.to).toEqual(['kari@example.com']);
    expect(mail.text).toContain('kari.ny@example.com');
    // Every token issued before dies; the fresh one answered works.
    for (const old of [kari.token, other]) {
      expect((await api.request('GET', '/api/account', { token: old })).status).toBe(401);
    }
    const me = await api.request('GET', '/api/account', { token: res.body.token });
    expect(me.body.email).toBe('kari.ny@example.com');
  });
});
