import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, events, installation, users } from '../../db/schema/index';
import { startTestApi, type TestApi } from '../../test/harness';

const installBody = {
  adminEmail: 'Admin@Example.com',
  adminPassword: 'correct horse battery',
  rootEntity: 'Solsiden borettslag',
};

describe('install and status', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('reports uninstalled before the install, with the release version of the root package.json', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
    );
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await api.request('GET', '/api/status')).toMatchObject({
      status: 200,
      body: { status: 'uninstalled', version },
    });
  });

  it('refuses bad install input without installing anything', async () => {
    const cases = [
      { ...installBody, adminEmail: 'not-an-email' },
      { ...installBody, adminPassword: 'short' },
      { ...installBody, rootEntity: 42 },
      { ...installBody, extra: true },
      { adminEmail: installBody.adminEmail },
    ];
    for (const body of cases) {
      const res = await api.request('POST', '/api/admin/install', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const short = await api.request('POST', '/api/admin/install', {
      body: { ...installBody, rootEntity: ' ab ' },
    });
    expect(short.body.error.message).toBe('Root entity has to be at least 3 characters long');
    const weak = await api.request('POST', '/api/admin/install', {
      body: { ...installBody, adminPassword: 'short' },
    });
    expect(weak.body.error.message).toBe('Password has to be at least 8 characters long');
    expect(await api.deps.database.db.select().from(users)).toHaveLength(0);
    expect((await api.request('GET', '/api/status')).body.status).toBe('uninstalled');
  });

  it('lets exactly one of two racing installs win', async () => {
    const [a, b] = await Promise.all([
      api.request('POST', '/api/admin/install', { body: installBody }),
      api.request('POST', '/api/admin/install', { body: { ...installBody, rootEntity: 'Other root' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error.code).toBe('already_installed');
    const winner = a.status === 201 ? a : b;
    expect(winner.body.admin).toEqual({
      id: expect.any(Number),
      email: 'admin@example.com',
      name: null,
      phoneNumber: null,
      phoneVerified: false,
      language: 'no',
      admin: true,
    });
    expect(winner.body.admin).not.toHaveProperty('passwordHash');
    expect(winner.body.rootEntity).toMatchObject({ type: 'system', parentId: null, name: 'Oppslag' });
    expect(winner.body.masterDisplay).toMatchObject({ type: 'display', parentId: winner.body.rootEntity.id });
    expect(winner.body.masterDisplay.displayId).toHaveLength(10);
    // The name typed as "root organization" is an organization under the system root, not the root.
    const typed = winner === a ? installBody.rootEntity : 'Other root';
    expect(winner.body.organization).toMatchObject({
      type: 'organization',
      name: typed,
      parentId: winner.body.rootEntity.id,
    });

    const db = api.deps.database.db;
    expect(await db.select().from(users)).toHaveLength(1);
    expect(await db.select().from(entities)).toHaveLength(3);
    const [row] = await db.select().from(installation);
    expect(row).toMatchObject({
      id: 1,
      adminUserId: winner.body.admin.id,
      rootEntityId: winner.body.rootEntity.id,
      masterDisplayId: winner.body.masterDisplay.id,
    });
    expect(await db.select().from(events).where(eq(events.type, 'system.installed'))).toHaveLength(1);
  });

  it('is online afterwards, refuses a second install and lets the superadmin sign in', async () => {
    expect((await api.request('GET', '/api/status')).body).toMatchObject({ status: 'online' });
    const again = await api.request('POST', '/api/admin/install', { body: installBody });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_installed');
    const login = await api.request('POST', '/api/authentication/login', {
      body: { email: 'admin@example.com', password: installBody.adminPassword },
    });
    expect(login.status).toBe(200);
    const me = await api.request('GET', '/api/account', { token: login.body.token });
    expect(me.body).toMatchObject({ email: 'admin@example.com', admin: true });
  });
});
