import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../services/login-limiter.service';
import { createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp-server';

/**
 * A lockout that stops guessers, not owners (issue 28 item 2): guesses spread over many addresses
 * lock the account for strangers, but a reset by mail clears the lock and the address the owner
 * proved itself from keeps working however long the guessing goes on. Real HTTP, Redis and SMTP.
 */
describe('account lockout and the owner', () => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const OWNER_IP = '203.0.113.200';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startTestApi({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tavla.example.no', TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (email: string, password: string, ip: string) =>
    api.request('POST', '/api/authentication/login', { body: { email, password }, headers: from(ip) });
  /** Five wrong passwords from each of `addresses` fresh addresses: past the account's ceiling. */
  async function guessFromMany(email: string, round: number): Promise<void> {
    const addresses = Math.ceil(LOGIN_LIMITS.account.points / LOGIN_LIMITS.accountIp.points) + 1;
    for (let a = 0; a < addresses; a++)
      for (let i = 0; i < LOGIN_LIMITS.accountIp.points; i++)
        await login(email, `guess-${i}`, `198.51.${round}.${a + 1}`);
  }
  /** The one mail a lock sends its owner. */
  const expectAttackMail = async (email: string) => {
    const mail = await smtp.next();
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain('satt på pause i opptil 15 minutter');
    expect(mail.text).toContain('https://tavla.example.no/auth/reset-password');
  };
  const resetByMail = async (email: string, newPassword: string) => {
    const asked = await api.request('POST', '/api/authentication/reset-password', {
      body: { email },
      headers: from(OWNER_IP),
    });
    expect(asked.status).toBe(200);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec((await smtp.next()).text)?.[1] ?? '';
    const done = await api.request('POST', '/api/authentication/reset-password/confirm', {
      body: { token, newPassword },
      headers: from(OWNER_IP),
    });
    expect(done.status).toBe(200);
  };

  it('a reset by mail clears the lock, and the owner’s address stays open while guessing goes on', async () => {
    await createUser(api.deps, { email: 'eier@example.com', password: 'old-password-1' });
    await guessFromMany('eier@example.com', 1);
    await expectAttackMail('eier@example.com');
    const locked = await login('eier@example.com', 'old-password-1', OWNER_IP);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    await resetByMail('eier@example.com', 'new-password-2');
    // Cleared for everyone, not only the address of the reset.
    expect((await login('eier@example.com', 'new-password-2', '192.0.2.77')).status).toBe(200);

    // The guesser goes on: strangers are locked out again, the owner's address is not.
    await guessFromMany('eier@example.com', 2);
    await expectAttackMail('eier@example.com');
    expect((await login('eier@example.com', 'new-password-2', '192.0.2.78')).status).toBe(429);
    expect((await login('eier@example.com', 'new-password-2', OWNER_IP)).status).toBe(200);
    // The owner's address is no key for guessers: its own 5-per-15-minutes budget still holds.
    for (let i = 0; i < LOGIN_LIMITS.accountIp.points; i++)
      await login('eier@example.com', `wrong-${i}`, OWNER_IP);
    expect((await login('eier@example.com', 'new-password-2', OWNER_IP)).status).toBe(429);
    // One mail per lock, however long the guessing goes on; none for an address without an account.
    await guessFromMany('nobody@example.com', 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.pending()).toBe(0);
  });

  it('a password change and a generated password clear the lock too', async () => {
    const per = await createUser(api.deps, { email: 'per@example.com', password: 'old-password-1' });
    // The owner's session came from signing in at home, before the guessing started.
    const session = await login('per@example.com', 'old-password-1', '192.0.2.91');
    expect(session.status).toBe(200);
    await guessFromMany('per@example.com', 3);
    await expectAttackMail('per@example.com');
    expect((await login('per@example.com', 'old-password-1', '192.0.2.90')).status).toBe(429);
    const changed = await api.request('POST', '/api/account/change-password', {
      token: session.body.token,
      headers: from('192.0.2.91'),
      body: {
        password: 'old-password-1',
        newPassword: 'new-password-2',
        confirmNewPassword: 'new-password-2',
      },
    });
    expect(changed.status).toBe(200);
    expect((await login('per@example.com', 'new-password-2', '192.0.2.92')).status).toBe(200);

    const admin = await createUser(api.deps, {
      email: 'root@example.com',
      password: 'root-password-1',
      admin: true,
    });
    await guessFromMany('per@example.com', 4);
    await expectAttackMail('per@example.com');
    expect((await login('per@example.com', 'new-password-2', '192.0.2.93')).status).toBe(429);
    const generated = await api.request('POST', `/api/users/${per.id}/generateNewPassword`, {
      token: admin.token,
    });
    expect(generated.status).toBe(201);
    await smtp.next();
    expect((await login('per@example.com', generated.body.password, '192.0.2.94')).status).toBe(200);
  });
});
