import { cacheKeys } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, transitStops } from '../../db/schema/index';
import { encodeDisplayId } from '../../lib/hashids';
import { createAssetRow, createMasterDisplay, setEntity } from '../../test/content-fixtures';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/** A cached forecast as the weather worker writes it (weatherForecastSchema). */
const forecast = (organizationId: number, dates: string[]) => ({
  organizationId,
  latitude: 59.9,
  longitude: 10.7,
  updatedAt: '2026-01-01T10:00:00.000Z',
  days: dates.map((date) => ({
    date,
    symbolCode: 'rain',
    temperature: 2,
    minTemperature: 1,
    maxTemperature: 3,
  })),
});

describe('display API', () => {
  let api: TestApi;
  let w: World;
  let masterId: number;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi({ env: { FEATURE_SET: 'styretavla', SMS_NUMBER: '26112' } });
    w = await createWorld(api.deps);
    masterId = await createMasterDisplay(api.deps, w.entities.root.id, w.users.superadmin.id);
  });
  afterAll(() => api.close());

  const register = (displayId: string, apiKey: string) =>
    api.request('POST', '/api/display/register', { body: { displayId, apiKey } });

  it('refuses unknown ids, wrong keys and non-displays with the same 401', async () => {
    const displayId = encodeDisplayId(w.entities.displayA.id);
    for (const [id, key] of [
      [displayId, 'key-b'],
      [displayId, 'key-a '],
      [encodeDisplayId(999999), 'key-a'],
      [encodeDisplayId(w.entities.orgA.id), 'key-a'],
      ['not-a-hashid', 'key-a'],
    ]) {
      const res = await register(id, key);
      expect(res.status, `${id}/${key}`).toBe(401);
      expect(res.body.error).toEqual({
        code: 'invalid_credentials',
        message: 'Unknown display id or API key',
        requestId: expect.any(String),
      });
    }
    expect((await api.request('POST', '/api/display/register', { body: { displayId } })).status).toBe(400);
    const [row] = await api.deps.database.db
      .select()
      .from(entities)
      .where(eq(entities.id, w.entities.displayA.id));
    expect(row.registeredAt).toBeNull();
  });

  it('registers with the hashid and API key: a token, the manifest, and the display marked registered', async () => {
    await setEntity(api.deps, w.entities.orgA.id, {
      street: 'Storgata 1',
      zip: '0155',
      city: 'Oslo',
      displayInformation: 'Styret treffes på e-post',
      bannerFallbackText: 'Velkommen',
      noteBoardBackgroundColor: '#d0e5be',
      services: { weather: false },
    });
    await setEntity(api.deps, w.entities.displayA.id, { orientation: 1, showCodeWord: false });
    await api.deps.database.db.insert(transitStops).values([
      { entityId: w.entities.orgA.id, stopId: 'NSR:StopPlace:58366', label: 'Jernbanetorget' },
      { entityId: w.entities.displayA.id, stopId: 'NSR:StopPlace:6505', label: 'Stortinget' },
    ]);
    const res = await register(encodeDisplayId(w.entities.displayA.id), 'key-a');
    expect(res.status).toBe(200);
    token = res.body.token;
    expect(typeof token).toBe('string');
    expect(res.body.manifest).toMatchObject({
      displayId: encodeDisplayId(w.entities.displayA.id),
      codeWord: 'orga',
      showCodeWord: false,
      smsNumber: '26112',
      timeZone: 'Europe/Oslo',
      displayInformation: 'Styret treffes på e-post',
      layout: 'default',
      orientation: 1,
      fallback: 'Velkommen',
      // The display left its colour at the default: the organization's reaches the screen (issue 12 item 9).
      display: { id: w.entities.displayA.id, name: 'Display A', noteBoardBackgroundColor: '#d0e5be' },
      organization: {
        id: w.entities.orgA.id,
        name: 'Org A',
        noteBoardBackgroundColor: '#d0e5be',
        street: 'Storgata 1',
        zip: '0155',
        city: 'Oslo',
      },
      featureSet: {
        name: 'styretavla',
        slots: { banner: { enabled: true, width: 480, height: 895 }, partnerLogo: { enabled: false } },
      },
    });
    expect(res.body.manifest.modules.map((m: { name: string }) => m.name)).toEqual([
      'clock',
      'transit',
      'notes',
      'banners',
      'info',
    ]);
    expect(res.body.manifest.transitStops.map((s: { stopId: string }) => s.stopId)).toEqual([
      'NSR:StopPlace:6505',
      'NSR:StopPlace:58366',
    ]);
    const [row] = await api.deps.database.db
      .select()
      .from(entities)
      .where(eq(entities.id, w.entities.displayA.id));
    expect(row.registeredAt).not.toBeNull();

    const manifest = await api.request('GET', '/api/display/manifest', { token });
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual(res.body.manifest);

    // A colour of the display's own wins over the organization's.
    await setEntity(api.deps, w.entities.displayA.id, { noteBoardBackgroundColor: '#f7d4d2' });
    const own = await api.request('GET', '/api/display/manifest', { token });
    expect(own.body.display.noteBoardBackgroundColor).toBe('#f7d4d2');
    await setEntity(api.deps, w.entities.displayA.id, { noteBoardBackgroundColor: '#e0d6d0' });
  });

  it("large print: the display's own choice, else the nearest ancestor's, else off (set through the entity API)", async () => {
    const put = (id: number, largePrint: boolean | null) =>
      api.request('PUT', `/api/entities/${id}`, { token: w.users.superadmin.token, body: { largePrint } });
    const largePrint = async () =>
      (await api.request('GET', '/api/display/manifest', { token })).body.display.largePrint;
    expect(await largePrint()).toBe(false);
    expect((await put(w.entities.orgA.id, true)).status).toBe(200);
    expect(await largePrint()).toBe(true);
    const own = await put(w.entities.displayA.id, false);
    expect(own.status).toBe(200);
    expect(own.body.largePrint).toBe(false);
    expect(await largePrint()).toBe(false);
    expect((await put(w.entities.displayA.id, null)).status).toBe(200);
    expect(await largePrint()).toBe(true);
    expect((await put(w.entities.orgA.id, null)).status).toBe(200);
    expect(await largePrint()).toBe(false);
    expect((await put(w.entities.displayA.id, 'yes' as unknown as boolean)).status).toBe(400);
  });

  it('shows approved active and upcoming notes, own and inherited, in board order', async () => {
    const note = (entityId: number, body: Record<string, unknown>) =>
      api.request('POST', `/api/content/${entityId}/note`, {
        token: w.users.owner.token,
        body: { text: '<p>n</p>', date: inDays(0.001), approved: true, ...body },
      });
    api.setNow(new Date(Date.now() - 2 * DAY));
    const active = await note(w.entities.orgA.id, { date: inDays(-1) });
    const expired = await note(w.entities.displayA.id, { date: inDays(-1.5), end: inDays(-1) });
    api.setNow(null);
    const upcoming = await note(w.entities.groupA.id, { date: inDays(2) });
    const sticky = await note(w.entities.displayA.id, { sticky: true, date: inDays(1) });
    const draft = await note(w.entities.displayA.id, { approved: false });
    const foreign = await note(w.entities.orgB.id, {});
    expect([active, expired, upcoming, sticky, draft].every((r) => r.status === 201)).toBe(true);
    expect(foreign.status).toBe(404);

    const res = await api.request('GET', '/api/display/content', { token });
    expect(res.status).toBe(200);
    expect(res.body.notes.map((n: { id: number }) => n.id)).toEqual([
      sticky.body.id,
      upcoming.body.id,
      active.body.id,
    ]);
    expect(res.body.notes[1]).toMatchObject({ entityId: w.entities.groupA.id, state: 'scheduled' });
    expect(res.body.notes[2]).toMatchObject({ entityId: w.entities.orgA.id, state: 'active' });
  });

  it('shows active and upcoming approved slides with inherited and master content, the fallback, transit and weather', async () => {
    const post = (
      entityId: number,
      slot: string,
      body: Record<string, unknown>,
      t = w.users.superadmin.token,
    ) => api.request('POST', `/api/content/${entityId}/${slot}`, { token: t, body });
    const asset = await createAssetRow(api.deps, w.entities.orgA.id, true);
    const orgBanner = await post(w.entities.orgA.id, 'banner', {
      type: 'banner-asset',
      assetId: asset,
      duration: 10,
    });
    const upcoming = await post(w.entities.displayA.id, 'banner', { start: inDays(3), end: inDays(5) });
    const draft = await post(w.entities.displayA.id, 'banner', { approved: false });
    const template = await post(w.entities.orgA.id, 'banner', { isTemplate: true });
    const otherOrg = await post(w.entities.orgB.id, 'banner', {});
    const masterAd = await post(masterId, 'adsSmall', {});
    const masterBanner = await post(masterId, 'banner', {});
    const ownAd = await post(w.entities.displayA.id, 'adsLarge', {});
    const stop = (stopId: string) => ({ stopId, label: stopId, name: null, departures: [] });
    await api.deps.redis.set(
      cacheKeys.transit(api.deps.config.redisPrefix, w.entities.orgA.id),
      JSON.stringify({
        entityId: w.entities.orgA.id,
        updatedAt: '2026-01-01T10:00:00.000Z',
        stops: [stop('NSR:StopPlace:2')],
      }),
    );
    await api.deps.redis.set(
      cacheKeys.transit(api.deps.config.redisPrefix, w.entities.displayA.id),
      JSON.stringify({
        entityId: w.entities.displayA.id,
        updatedAt: '2026-01-01T09:59:00.000Z',
        stops: [stop('NSR:StopPlace:1')],
      }),
    );
    await api.deps.redis.set(
      cacheKeys.weather(api.deps.config.redisPrefix, w.entities.orgA.id),
      JSON.stringify(forecast(w.entities.orgA.id, ['2026-01-01', '2026-01-02', '2026-01-03'])),
    );

    const res = await api.request('GET', '/api/display/content', { token });
    const ids = (list: { id: number }[]) => list.map((c) => c.id);
    expect(ids(res.body.banners)).toEqual([orgBanner.body.id, upcoming.body.id]);
    expect(res.body.banners[0]).toMatchObject({
      entityId: w.entities.orgA.id,
      duration: 10,
      asset: { id: asset, hasCropped: true },
    });
    for (const hidden of [draft, template, otherOrg, masterBanner])
      expect(ids(res.body.banners)).not.toContain(hidden.body.id);
    expect(res.body.adsSmall).toEqual([
      expect.objectContaining({ id: masterAd.body.id, entityId: masterId, master: true }),
    ]);
    expect(ids(res.body.adsLarge)).toEqual([ownAd.body.id]);
    expect(res.body.partnerLogo).toEqual([]);
    expect(res.body.fallback).toEqual([{ type: 'text', text: 'Velkommen' }]);
    // Stops attached to the organization reach its displays too, after the display's own.
    expect(res.body.transit).toEqual({
      entityId: w.entities.displayA.id,
      updatedAt: '2026-01-01T10:00:00.000Z',
      stops: [stop('NSR:StopPlace:1'), stop('NSR:StopPlace:2')],
    });
    expect(res.body.weather).toEqual(
      forecast(w.entities.orgA.id, ['2026-01-01', '2026-01-02', '2026-01-03']),
    );
  });

  it('answers If-None-Match with 304 until something changes', async () => {
    const first = await api.request('GET', '/api/display/content', { token });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await api.request('GET', '/api/display/content', {
      token,
      headers: { 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const other = await api.request('GET', '/api/display/content', {
      token,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(other.status).toBe(200);

    await api.request('POST', `/api/content/${w.entities.orgA.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>New</p>', date: inDays(0.01), approved: true },
    });
    const changed = await api.request('GET', '/api/display/content', {
      token,
      headers: { 'if-none-match': etag as string },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);

    const newEtag = changed.headers.get('etag') as string;
    await api.deps.redis.set(
      cacheKeys.weather(api.deps.config.redisPrefix, w.entities.orgA.id),
      JSON.stringify(forecast(w.entities.orgA.id, ['2026-01-04'])),
    );
    const weather = await api.request('GET', '/api/display/content', {
      token,
      headers: { 'if-none-match': newEtag },
    });
    expect(weather.status).toBe(200);
    expect(weather.body.weather).toEqual(forecast(w.entities.orgA.id, ['2026-01-04']));
    // What the worker never writes (an older or broken cache) reaches the player as "no data".
    await api.deps.redis.set(
      cacheKeys.weather(api.deps.config.redisPrefix, w.entities.orgA.id),
      JSON.stringify({ days: [4] }),
    );
    const broken = await api.request('GET', '/api/display/content', { token });
    expect(broken.body.weather).toBeNull();
  });

  it('changes the ETag when a scheduled note becomes active, with nothing written', async () => {
    const created = await api.request('POST', `/api/content/${w.entities.displayA.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>Soon</p>', date: inDays(1), approved: true },
    });
    const before = await api.request('GET', '/api/display/content', { token });
    const etag = before.headers.get('etag') as string;
    expect(before.body.notes.find((n: { id: number }) => n.id === created.body.id).state).toBe('scheduled');
    expect(
      (await api.request('GET', '/api/display/content', { token, headers: { 'if-none-match': etag } }))
        .status,
    ).toBe(304);
    api.setNow(new Date(Date.now() + 1.5 * DAY));
    const after = await api.request('GET', '/api/display/content', {
      token,
      headers: { 'if-none-match': etag },
    });
    api.setNow(null);
    expect(after.status).toBe(200);
    expect(after.body.notes.find((n: { id: number }) => n.id === created.body.id).state).toBe('active');
  });

  it('rejects missing, foreign and user tokens, and a regenerated API key ends the display token', async () => {
    expect((await api.request('GET', '/api/display/content')).status).toBe(401);
    const user = await api.request('GET', '/api/display/content', { token: w.users.superadmin.token });
    expect(user.status).toBe(401);
    expect(user.body.error.code).toBe('token_invalid');
    const asUser = await api.request('GET', `/api/content/${w.entities.orgA.id}/note`, { token });
    expect(asUser.status).toBe(401);

    await api.deps.database.db
      .update(entities)
      .set({ apiKey: 'new-key', apiKeyVersion: 1 })
      .where(eq(entities.id, w.entities.displayA.id));
    for (const p of ['/api/display/content', '/api/display/manifest']) {
      const res = await api.request('GET', p, { token });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('token_invalid');
    }
    expect((await register(encodeDisplayId(w.entities.displayA.id), 'key-a')).status).toBe(401);
    const fresh = await register(encodeDisplayId(w.entities.displayA.id), 'new-key');
    expect(fresh.status).toBe(200);
    expect((await api.request('GET', '/api/display/content', { token: fresh.body.token })).status).toBe(200);

    await setEntity(api.deps, w.entities.displayA.id, { deleted: true });
    expect((await api.request('GET', '/api/display/content', { token: fresh.body.token })).status).toBe(401);
  });

  it('renews a valid display token for another 365 days, and refuses one whose key was regenerated', async () => {
    const display = w.entities.displayB.id;
    const first = await register(encodeDisplayId(display), 'key-b');
    expect(first.status).toBe(200);
    const issuedAt = Date.now();
    const renewed = await api.request('POST', '/api/display/token', { token: first.body.token });
    expect(renewed.status).toBe(200);
    const expiresAt = Date.parse(renewed.body.expiresAt);
    // 365 days from now, typed in from the spec rather than read back from the signer.
    expect(Math.abs(expiresAt - (issuedAt + 365 * DAY))).toBeLessThan(60_000);
    const payload = JSON.parse(Buffer.from(renewed.body.token.split('.')[1], 'base64url').toString());
    expect(payload.exp * 1000).toBe(expiresAt);
    expect((await api.request('GET', '/api/display/content', { token: renewed.body.token })).status).toBe(
      200,
    );

    await api.deps.database.db
      .update(entities)
      .set({ apiKey: 'newer-key', apiKeyVersion: 5 })
      .where(eq(entities.id, display));
    for (const token of [first.body.token, renewed.body.token]) {
      const res = await api.request('POST', '/api/display/token', { token });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('token_invalid');
    }
    expect(
      (await api.request('POST', '/api/display/token', { token: w.users.superadmin.token })).status,
    ).toBe(401);
  });
});
