import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntity, createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp-server';

/**
 * One-time links (issue 28 item 3): a password change, a reset or a generated password ends every
 * reset and invitation link of that user. Through the real routes and a real SMTP server.
 */
describe('reset and invitation links end with the password they were sent for', () => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: { id: number; token: string };
  let orgId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startTestApi({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tavla.example.no' } });
    admin = await createUser(api.deps, {
      email: 'root@example.com',
      password: 'root-password-1',
      admin: true,
    });
    orgId = (await createEntity(api.deps, { name: 'Borettslaget', type: 'organization' })).id;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const confirm = (token: string, newPassword: string) =>
    api.request('POST', '/api/authentication/reset-password/confirm', { body: { token, newPassword } });
  const login = (email: string, password: string) =>
    api.request('POST', '/api/authentication/login', { body: { email, password } });
  const linkToken = (text: string) => {
    const match = /https:\/\/tavla\.example\.no\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
    if (!match) throw new Error(`no link in:\n${text}`);
    return match[1];
  };
  const refused = async (token: string, password: string, email: string) => {
    const res = await confirm(token, password);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('reset_token_invalid');
    expect((await login(email, password)).status).toBe(401);
  };

  it('a generated password ends the 7-day invitation link', async () => {
    const added = await api.request('POST', `/api/entities/${orgId}/members`, {
      token: admin.token,
      body: [{ email: 'invited@example.com', role: 'moderator' }],
    });
    expect(added.status).toBeLessThan(300);
    const invitation = linkToken((await smtp.next()).text);
    const [user] = (await api.request('GET', `/api/entities/${orgId}/members`, { token: admin.token }))
      .body as {
      userId: number;
      email: string;
    }[];
    expect(user.email).toBe('invited@example.com');
    const generated = await api.request('POST', `/api/users/${user.userId}/generateNewPassword`, {
      token: admin.token,
    });
    expect(generated.status).toBe(201);
    await smtp.next();
    expect((await login('invited@example.com', generated.body.password)).status).toBe(200);
    await refused(invitation, 'hijacked-password-1', 'invited@example.com');
    expect((await login('invited@example.com', generated.body.password)).status).toBe(200);
  });

  it('a password change ends a reset link asked for before it', async () => {
    const kari = await createUser(api.deps, { email: 'kari@example.com', password: 'first-password-1' });
    await api.request('POST', '/api/authentication/reset-password', { body: { email: kari.email } });
    const link = linkToken((await smtp.next()).text);
    const changed = await api.request('POST', '/api/account/change-password', {
      token: kari.token,
      body: {
        password: 'first-password-1',
        newPassword: 'second-password-2',
        confirmNewPassword: 'second-password-2',
      },
    });
    expect(changed.status).toBe(200);
    await refused(link, 'hijacked-password-1', kari.email);
    expect((await login(kari.email, 'second-password-2')).status).toBe(200);
  });

  it('a reset ends the invitation and the other reset links', async () => {
    const ola = await createUser(api.deps, { email: 'ola@example.com', password: 'first-password-1' });
    for (let i = 0; i < 2; i++)
      await api.request('POST', '/api/authentication/reset-password', { body: { email: ola.email } });
    const [first, second] = [linkToken((await smtp.next()).text), linkToken((await smtp.next()).text)];
    expect((await confirm(second, 'second-password-2')).status).toBe(200);
    await refused(first, 'hijacked-password-1', ola.email);
  });
});
