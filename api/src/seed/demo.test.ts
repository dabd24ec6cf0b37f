import { afterAll, describe, expect, it } from 'vitest';
import { entities, users } from '../db/schema/index';
import { startTestApi, type TestApi } from '../test/harness';
import { DEMO_LOGINS, seedDemo } from './demo';

describe('demo seed', () => {
  const apis: TestApi[] = [];
  afterAll(() => Promise.all(apis.map((a) => a.close())));

  it('installs a demo with an organization, groups, displays and one user per role', async () => {
    const api = await startTestApi();
    apis.push(api);
    const summary = await seedDemo(api.deps);
    expect((await api.request('GET', '/api/status')).body.status).toBe('online');
    expect(summary?.displays.map((d) => d.name)).toEqual([
      'Master display',
      'Inngang Blokk A',
      'Inngang Blokk B',
    ]);
    for (const display of summary?.displays ?? []) {
      expect(display.displayId).toHaveLength(10);
      expect(display.apiKey).toEqual(expect.any(String));
    }
    const rows = await api.deps.database.db.select().from(entities).orderBy(entities.id);
    const org = rows.find((r) => r.name === 'Solbakken borettslag');
    expect(org).toMatchObject({ type: 'organization', codeWord: 'solbakken' });
    expect(rows.filter((r) => r.type === 'group' && r.parentId === org?.id).map((r) => r.name)).toEqual([
      'Blokk A',
      'Blokk B',
    ]);
    expect(rows.filter((r) => r.type === 'display' && r.codeWord).map((r) => r.codeWord)).toEqual([
      'blokka',
      'blokkb',
    ]);

    for (const login of DEMO_LOGINS) {
      const res = await api.request('POST', '/api/authentication/login', {
        body: { email: login.email, password: login.password },
      });
      expect(res.status, login.email).toBe(200);
      const me = await api.request('GET', '/api/account', { token: res.body.token });
      if (login.role === 'superadmin') expect(me.body.admin).toBe(true);
      else expect(me.body.permissions).toEqual([{ entityId: org?.id, role: login.role }]);
    }

    // Starting again reports the same demo and adds nothing.
    const again = await seedDemo(api.deps);
    expect(again?.displays).toEqual(summary?.displays);
    expect(await api.deps.database.db.select().from(users)).toHaveLength(DEMO_LOGINS.length);
  });

  it('leaves a real installation alone', async () => {
    const api = await startTestApi();
    apis.push(api);
    const installed = await api.request('POST', '/api/admin/install', {
      body: { adminEmail: 'real@example.com', adminPassword: 'real-admin-password', rootEntity: 'Real' },
    });
    expect(installed.status).toBe(201);
    expect(await seedDemo(api.deps)).toBeNull();
    expect(await api.deps.database.db.select().from(users)).toHaveLength(1);
  });
});
