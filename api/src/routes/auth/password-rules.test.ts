import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntity, createUser, grant } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp-server';

/**
 * Passwords (issue 28 item 7, ASVS 5.0 V6.2): repeats and patterns, the common-password list of
 * zxcvbn-ts (about 49,000 entries), the user's e-mail address and the names of their organizations
 * are refused with a field code of their own, by every route that sets a password.
 */
describe('password rules on every route that sets a password', () => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let kari: { id: number; token: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startTestApi({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tavla.example.no' } });
    kari = await createUser(api.deps, { email: 'kari.nordmann@example.com', password: 'kari-password-1' });
    const group = await createEntity(api.deps, { name: 'Boligbyggelaget Fjord', type: 'group' });
    const org = await createEntity(api.deps, { name: 'Solsiden', type: 'organization', parentId: group.id });
    await grant(api.deps, kari.id, org.id, 'moderator');
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const change = (newPassword: string) =>
    api.request('POST', '/api/account/change-password', {
      token: kari.token,
      body: { password: 'kari-password-1', newPassword, confirmNewPassword: newPassword },
    });
  const fieldCode = (res: {
    status: number;
    body: { error?: { fields?: { path: string; code: string }[] } };
  }) => {
    expect(res.status).toBe(400);
    return res.body.error?.fields?.map((f) => `${f.path}:${f.code}`).join(',');
  };

  it('change password: a repeat, a long common password, the e-mail and the organization names are refused', async () => {
    const cases: [string, string][] = [
      ['aaaaaaaa', 'newPassword:too_weak'],
      ['abcdefghij', 'newPassword:too_weak'],
      ['baseball1', 'newPassword:too_common'],
      ['michelle12', 'newPassword:too_common'],
      ['kari.nordmann@example.com', 'newPassword:personal_info'],
      ['KariNordmann', 'newPassword:personal_info'],
      ['2025Solsiden!', 'newPassword:personal_info'],
      ['solsiden2025', 'newPassword:personal_info'],
      ['Boligbyggelaget Fjord', 'newPassword:personal_info'],
    ];
    for (const [password, expected] of cases)
      expect(fieldCode(await change(password)), password).toBe(expected);
    // Still the old password: nothing above was stored.
    const login = await api.request('POST', '/api/authentication/login', {
      body: { email: 'kari.nordmann@example.com', password: 'kari-password-1' },
    });
    expect(login.status).toBe(200);
    // A passphrase with the organization's name in it is long enough to stand.
    expect((await change('solsiden takterrasse grill 7')).status).toBe(200);
  });

  it('reset confirm: the organization name is refused and the link still works for a good password', async () => {
    await api.request('POST', '/api/authentication/reset-password', {
      body: { email: 'kari.nordmann@example.com' },
    });
    const mail = await smtp.next();
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const confirm = (newPassword: string) =>
      api.request('POST', '/api/authentication/reset-password/confirm', { body: { token, newPassword } });
    expect(fieldCode(await confirm('Solsiden123'))).toBe('newPassword:personal_info');
    expect(fieldCode(await confirm('qwertyuiop'))).toBe('newPassword:too_common');
    const ok = await confirm('blue kettle on a windy pier');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('install refuses the root organization and the address as the superadmin password', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers personal_info on adminPassword', async () => {
    const install = (adminPassword: string) =>
      api.request('POST', '/api/admin/install', {
        body: { adminEmail: 'styret@solsiden.no', adminPassword, rootEntity: 'Solsiden Borettslag' },
      });
    for (const password of ['solsiden borettslag', 'Solsiden-Borettslag-1', 'styret@solsiden.no']) {
      const res = await install(password);
      expect(res.status, password).toBe(400);
      expect(res.body.error.fields, password).toEqual([
        expect.objectContaining({ path: 'adminPassword', code: 'personal_info' }),
      ]);
    }
  });
});
