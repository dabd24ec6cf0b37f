import { type ErrorBody, errorBodySchema } from '@oppslag/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createWorld, type World } from '../test/fixtures';
import { startTestApi, type TestApi } from '../test/harness';

const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/**
 * Every refusal a console form shows is answered in common's error shape, with the refused field's
 * path and code, so the console can put the reason next to the field (issue 11 item 3).
 */
describe('field errors on the wire', () => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  /** Sends the request and checks the body against common's schema before anything else. */
  async function refused(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown },
  ): Promise<{ status: number; error: ErrorBody['error']; fields: Record<string, string> }> {
    const res = await api.request(method, path, opts);
    const parsed = errorBodySchema.strict().safeParse(res.body);
    expect(parsed.error, JSON.stringify(res.body)).toBeUndefined();
    const error = (parsed.data as ErrorBody).error;
    const fields = Object.fromEntries((error.fields ?? []).map((f) => [f.path, f.code]));
    return { status: res.status, error, fields };
  }

  it('install: each bad field by its path (e-mail, password length, root entity length)', async () => {
    const r = await refused('POST', '/api/admin/install', {
      body: { adminEmail: 'not-an-email', adminPassword: 'short', rootEntity: 'ab' },
    });
    expect(r.status).toBe(400);
    expect(r.error.code).toBe('validation_failed');
    expect(r.fields).toEqual({
      adminEmail: 'invalid_email',
      adminPassword: 'too_short',
      rootEntity: 'too_short',
    });
    const password = r.error.fields?.find((f) => f.path === 'adminPassword');
    expect(password?.params).toEqual({ minimum: 8 });
    const missing = await refused('POST', '/api/admin/install', { body: { adminEmail: 'a@example.com' } });
    expect(missing.fields).toEqual({ adminPassword: 'required', rootEntity: 'required' });
  });

  it('reset confirm: a short password is a newPassword field error, not a bad link', async () => {
    const r = await refused('POST', '/api/authentication/reset-password/confirm', {
      body: { token: 'x'.repeat(32), newPassword: '12345' },
    });
    expect(r.status).toBe(400);
    expect(r.error.code).toBe('validation_failed');
    expect(r.error.fields).toEqual([
      {
        path: 'newPassword',
        code: 'too_short',
        message: 'Password has to be at least 8 characters long',
        params: { minimum: 8 },
      },
    ]);
    const badLink = await refused('POST', '/api/authentication/reset-password/confirm', {
      body: { token: 'x'.repeat(32), newPassword: 'long-enough-password' },
    });
    expect(badLink.status).toBe(400);
    expect(badLink.error.code).toBe('reset_token_invalid');
    expect(badLink.error.fields).toBeUndefined();
  });

  it('new entity: spec messages for the name, unknown fields, code word too short or taken', async () => {
    const token = w.users.superadmin.token;
    const short = await refused('POST', '/api/entities', {
      token,
      body: { name: 'ab', type: 'group', parentId: w.entities.orgA.id, codeWord: 'x', colour: 'red' },
    });
    expect(short.status).toBe(400);
    expect(short.fields).toEqual({ name: 'too_short', codeWord: 'too_short', colour: 'unknown_field' });
    expect(short.error.fields?.find((f) => f.path === 'name')?.message).toBe(
      'Entity name has to be at least 3 characters long',
    );
    const wrongType = await refused('POST', '/api/entities', { token, body: { name: 42, type: 'castle' } });
    expect(wrongType.fields).toEqual({ name: 'invalid_type', type: 'invalid_value' });
    expect(wrongType.error.message).toBe('Entity name must be a string');
    expect(wrongType.error.fields?.[1].message).toBe('Entity type is not one of accepted values');

    const taken = await refused('POST', '/api/entities', {
      token,
      body: { name: 'Blokk C', type: 'group', parentId: w.entities.orgA.id, codeWord: 'ORGB' },
    });
    expect(taken.status).toBe(409);
    expect(taken.error.code).toBe('code_word_taken');
    expect(taken.fields).toEqual({ codeWord: 'taken' });
  });

  it('entity settings: SMS code word too short, taken, and an invalid phone number', async () => {
    const token = w.users.superadmin.token;
    const path = `/api/entities/${w.entities.orgA.id}`;
    const short = await refused('PUT', path, { token, body: { codeWord: 'ab' } });
    expect([short.status, short.fields]).toEqual([400, { codeWord: 'too_short' }]);
    const taken = await refused('PUT', path, { token, body: { codeWord: 'orgb' } });
    expect([taken.status, taken.error.code, taken.fields]).toEqual([
      409,
      'code_word_taken',
      { codeWord: 'taken' },
    ]);
    const phone = await refused('PUT', path, { token, body: { phoneNumber: '123' } });
    expect([phone.status, phone.fields]).toEqual([400, { phoneNumber: 'invalid_phone' }]);
  });

  it('add member: an invalid e-mail is reported at 0.email', async () => {
    const r = await refused('POST', `/api/entities/${w.entities.orgA.id}/members`, {
      token: w.users.superadmin.token,
      body: [{ email: 'kari.example.com', role: 'moderator' }],
    });
    expect(r.status).toBe(400);
    expect(r.fields).toEqual({ '0.email': 'invalid_email' });
  });

  it('note: start in the past at date, end before start at end', async () => {
    const path = `/api/content/${w.entities.orgA.id}/note`;
    const token = w.users.moderator.token;
    const past = await refused('POST', path, { token, body: { text: '<p>Hei</p>', date: inDays(-2) } });
    expect(past.status).toBe(400);
    expect(past.error.fields).toEqual([
      { path: 'date', code: 'in_past', message: 'Start cannot be before today' },
    ]);
    const backwards = await refused('POST', path, {
      token,
      body: { text: '<p>Hei</p>', date: inDays(2), end: inDays(1) },
    });
    expect(backwards.fields).toEqual({ end: 'end_before_start' });
    const empty = await refused('POST', path, { token, body: { text: '<p> </p>', date: inDays(1) } });
    expect(empty.fields).toEqual({ text: 'required' });
  });

  it('profile and user form: invalid phone, e-mail already used', async () => {
    const kari = await createUser(api.deps, { email: 'kari@example.com', password: 'kari-password' });
    const ownPhone = await refused('PUT', '/api/account', { token: kari.token, body: { phoneNumber: '12' } });
    expect([ownPhone.status, ownPhone.fields]).toEqual([400, { phoneNumber: 'invalid_phone' }]);
    expect(ownPhone.error.fields?.[0].params).toEqual({ country: 'NO' });

    const adminPhone = await refused('PUT', `/api/users/${kari.id}`, {
      token: w.users.superadmin.token,
      body: { phoneNumber: '999' },
    });
    expect([adminPhone.status, adminPhone.fields]).toEqual([400, { phoneNumber: 'invalid_phone' }]);

    const used = await refused('PUT', `/api/users/${kari.id}`, {
      token: w.users.superadmin.token,
      body: { email: 'Owner@example.com' },
    });
    expect([used.status, used.error.code, used.fields]).toEqual([409, 'email_taken', { email: 'taken' }]);
    const ownUsed = await refused('PUT', '/api/account', {
      token: kari.token,
      // One's own new address needs the current password (issue 14 item 2) before it is checked.
      body: { email: 'moderator@example.com', currentPassword: 'kari-password' },
    });
    expect([ownUsed.status, ownUsed.fields]).toEqual([409, { email: 'taken' }]);
  });

  it('change password: mismatch at the confirmation, wrong current password at password', async () => {
    const token = w.users.owner.token;
    const mismatch = await refused('POST', '/api/account/change-password', {
      token,
      body: { password: 'owner-password', newPassword: 'new-password-1', confirmNewPassword: 'other-one' },
    });
    expect([mismatch.error.code, mismatch.fields]).toEqual([
      'password_mismatch',
      { confirmNewPassword: 'mismatch' },
    ]);
    const wrong = await refused('POST', '/api/account/change-password', {
      token,
      body: { password: 'not-it', newPassword: 'new-password-1', confirmNewPassword: 'new-password-1' },
    });
    expect([wrong.error.code, wrong.fields]).toEqual(['wrong_password', { password: 'wrong_password' }]);
  });

  it('auto-approve number: invalid for its country at number', async () => {
    const r = await refused('POST', `/api/entities/${w.entities.orgA.id}/auto-approve-numbers`, {
      token: w.users.administrator.token,
      body: { number: '12', country: 'NO' },
    });
    expect([r.status, r.fields]).toEqual([400, { number: 'invalid_phone' }]);
  });
});
