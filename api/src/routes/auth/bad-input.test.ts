import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, installation, passwordResetTokens, users } from '../../db/schema/index';
import { createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Every platform/auth route fed wrong types, unknown fields, oversized and malformed bodies: each
 * answers a 4xx with a clear message, never a 500, and nothing stored changes.
 */
describe('bad input on the auth, account and user routes', () => {
  let api: TestApi;
  let user: { id: number; token: string };
  let admin: { id: number; token: string };
  beforeAll(async () => {
    api = await startTestApi();
    user = await createUser(api.deps, { email: 'kari@example.com', password: 'kari-password' });
    admin = await createUser(api.deps, {
      email: 'admin@example.com',
      password: 'admin-password',
      admin: true,
    });
  });
  afterAll(() => api.close());

  const routes = () => [
    { method: 'POST', path: '/api/admin/install', token: undefined },
    { method: 'POST', path: '/api/authentication/login', token: undefined },
    { method: 'POST', path: '/api/authentication/reset-password', token: undefined },
    { method: 'POST', path: '/api/authentication/reset-password/confirm', token: undefined },
    { method: 'POST', path: '/api/account/change-password', token: user.token },
    { method: 'PUT', path: '/api/account', token: user.token },
    { method: 'PUT', path: `/api/users/${user.id}`, token: admin.token },
  ];

  const wrongTypes: Record<string, unknown[]> = {
    '/api/admin/install': [
      { adminEmail: 1, adminPassword: 'long-enough-pw', rootEntity: 'Root' },
      { adminEmail: 'a@b.no', adminPassword: ['x'], rootEntity: 'Root' },
      { adminEmail: 'a@b.no', adminPassword: 'long-enough-pw', rootEntity: null },
    ],
    '/api/authentication/login': [
      { email: 'kari@example.com', password: 42 },
      { email: ['kari@example.com'], password: 'x' },
    ],
    '/api/authentication/reset-password': [{ email: 7 }, { email: 'not an email' }],
    '/api/authentication/reset-password/confirm': [
      { token: 1, newPassword: 'long-enough-pw' },
      { token: 'a'.repeat(43), newPassword: false },
    ],
    '/api/account/change-password': [
      { password: 'kari-password', newPassword: 12345678, confirmNewPassword: 12345678 },
    ],
    '/api/account': [{ name: 5 }, { language: 'de' }, { email: 'nope' }, { phoneNumber: 4791234567 }],
    '/api/users/': [{ admin: 'yes' }, { name: { first: 'x' } }, { language: 1 }],
  };
  const pathKey = (path: string) => (path.startsWith('/api/users/') ? '/api/users/' : path);

  async function snapshot() {
    const db = api.deps.database.db;
    return JSON.stringify([
      await db.select().from(users).orderBy(users.id),
      await db.select().from(passwordResetTokens),
      await db.select().from(installation),
      await db.select().from(events),
    ]);
  }

  it('answers 400 with a message to wrong types and unknown fields', async () => {
    const before = await snapshot();
    for (const route of routes()) {
      for (const body of [...wrongTypes[pathKey(route.path)], { unexpected: 'field' }, []]) {
        const res = await api.request(route.method, route.path, { token: route.token, body });
        expect(res.status, `${route.method} ${route.path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.message.length).toBeGreaterThan(3);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('names the unknown field', async () => {
    const res = await api.request('POST', '/api/authentication/login', {
      body: { email: 'kari@example.com', password: 'kari-password', admin: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('admin');
  });

  it('answers 400 malformed_json to broken JSON', async () => {
    const before = await snapshot();
    for (const route of routes()) {
      const res = await api.request(route.method, route.path, {
        token: route.token,
        raw: '{"email": "kari@example.com", ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(400);
      expect(res.body.error.code).toBe('malformed_json');
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 413 to bodies over 256 kB', async () => {
    const before = await snapshot();
    const huge = JSON.stringify({ email: 'kari@example.com', password: 'x'.repeat(300 * 1024) });
    for (const route of routes()) {
      const res = await api.request(route.method, route.path, {
        token: route.token,
        raw: huge,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
    }
    expect(await snapshot()).toBe(before);
  });
});
