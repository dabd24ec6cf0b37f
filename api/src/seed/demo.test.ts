import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assets,
  autoApproveNumbers,
  contents,
  entities,
  events,
  notes,
  smsMessages,
  transitStops,
  users,
} from '../db/schema/index';
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
    // The stairwell screens first (the first link shows a full screen), the master display last.
    expect(summary?.displays.map((d) => d.name)).toEqual([
      'Inngang Blokk A',
      'Inngang Blokk B',
      'Master display',
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

    // A lived-in association: notes of several kinds, template banners, stops, an auto-approved
    // number, two SMS waiting for the worker's routing, and both screen orientations.
    const db = api.deps.database.db;
    const seededNotes = await db.select().from(notes);
    expect(seededNotes.length).toBeGreaterThanOrEqual(4);
    expect(new Set(seededNotes.map((n) => n.sticky))).toEqual(new Set([true, false]));
    expect(new Set(seededNotes.map((n) => n.icon)).size).toBeGreaterThan(2);
    expect(new Set(seededNotes.map((n) => n.iconColor)).size).toBeGreaterThan(2);
    const banners = await db.select().from(contents);
    expect(banners.every((b) => b.slot === 'banner')).toBe(true);
    expect(banners.filter((b) => b.type === 'banner-template' && b.templateId).length).toBeGreaterThanOrEqual(
      2,
    );
    // One banner each from a bundled photo and PDF, stored like an upload, their crops asked of the worker.
    const assetBanners = banners.filter((b) => b.type === 'banner-asset');
    const seededAssets = await db.select().from(assets).orderBy(assets.id);
    expect(assetBanners.map((b) => b.assetId).sort()).toEqual(seededAssets.map((a) => a.id));
    expect(seededAssets.map((a) => [a.mime, a.entityId, a.pageCount])).toEqual([
      ['image/jpeg', org?.id, 1],
      ['application/pdf', org?.id, 1],
    ]);
    for (const asset of seededAssets) {
      const original = await api.deps.storage.get(asset.storageKey);
      expect(original?.length).toBe(asset.bytes);
      expect(original?.length).toBeLessThan(200_000);
    }
    expect((await api.deps.storage.get(seededAssets[1].storageKey))?.subarray(0, 5).toString()).toBe('%PDF-');
    const cropRequests = await db.select().from(events).where(eq(events.type, 'asset.cropRequested'));
    expect(cropRequests.map((e) => (e.data as { assetId: number }).assetId).sort()).toEqual(
      seededAssets.map((a) => a.id),
    );
    expect((await db.select().from(transitStops)).map((s) => s.entityId)).toEqual([org?.id, org?.id]);
    expect(await db.select().from(autoApproveNumbers)).toHaveLength(1);
    expect((await db.select().from(smsMessages)).map((m) => m.text.split(' ')[0])).toEqual([
      'solbakken',
      'solbakken',
    ]);
    const screens = rows.filter((r) => r.type === 'display' && r.codeWord);
    expect(new Set(screens.map((d) => d.orientation))).toEqual(new Set([0, 1]));

    for (const login of DEMO_LOGINS) {
      const res = await api.request('POST', '/api/authentication/login', {
        body: { email: login.email, password: login.password },
      });
      expect(res.status, login.email).toBe(200);
      const me = await api.request('GET', '/api/account', { token: res.body.token });
      if (login.role === 'superadmin') expect(me.body.admin).toBe(true);
      else expect(me.body.permissions).toEqual([{ entityId: org?.id, role: login.role }]);
    }

    // Starting again reports the same demo and adds nothing; the API keys were printed once, at the
    // first start, and are not again (nor a display's made since).
    const again = await seedDemo(api.deps);
    expect(again?.logins).toEqual(DEMO_LOGINS);
    expect(again?.displays).toEqual([]);
    expect(await api.deps.database.db.select().from(users)).toHaveLength(DEMO_LOGINS.length);
    expect(await db.select().from(notes)).toHaveLength(seededNotes.length);
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
