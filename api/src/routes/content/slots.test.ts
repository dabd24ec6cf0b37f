import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index';
import { createAssetRow, createMasterDisplay } from '../../test/content-fixtures';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

dayjs.extend(utc);
dayjs.extend(timezone);

const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const path = (entityId: number, slot: string, rest = '') => `/api/content/${entityId}/${slot}${rest}`;

describe('content slots (oppslag feature set)', () => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await startTestApi({ env: { FEATURE_SET: 'oppslag' } });
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  it('creates a banner with the defaults of spec §9 and records content.created', async () => {
    const before = Date.now();
    const res = await api.request('POST', path(w.entities.groupA.id, 'banner'), {
      token: w.users.moderator.token,
      body: {},
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      entityId: w.entities.groupA.id,
      slot: 'banner',
      type: 'banner-asset',
      duration: 30,
      approved: true,
      isTemplate: false,
      asset: null,
      inherited: false,
    });
    expect(new Date(res.body.start).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const expectedEnd = dayjs().tz('Europe/Oslo').startOf('day').add(14, 'day');
    expect(res.body.end).toBe(expectedEnd.toISOString());
    expect(dayjs(res.body.end).tz('Europe/Oslo').format('HH:mm')).toBe('00:00');
    const rows = await api.deps.database.db.select().from(events);
    expect(rows.some((e) => e.type === 'content.created' && e.entityId === w.entities.groupA.id)).toBe(true);
  });

  it('holds banner dates to today..one year ahead with end ≥ start', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ start: inDays(-2) }, 'Start cannot be before today'],
      [{ start: inDays(400), end: inDays(401) }, 'Banner dates cannot be more than one year ahead'],
      [{ end: inDays(370) }, 'Banner dates cannot be more than one year ahead'],
      [{ start: inDays(3), end: inDays(2) }, 'End cannot be before the start date'],
      [{ duration: 0 }, 'Duration must be at least 1 second'],
      [{ duration: 1.5 }, 'Duration must be a whole number of seconds'],
      [{ type: 'video' }, 'Type must be one of'],
      [{ assetId: 'x' }, 'Asset id must be an integer'],
      [{ start: 'soon' }, 'Start date must be an ISO 8601 date and time'],
      [{ slot: 'adsLarge' }, 'Slot does not match the path'],
      [{ extra: true }, 'Unrecognized key'],
    ];
    const count = async () =>
      (
        await api.request('GET', path(w.entities.orgA.id, 'banner', '?approved=all&isTemplate=all'), {
          token: w.users.owner.token,
        })
      ).body.length;
    const before = await count();
    for (const [body, message] of cases) {
      const res = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
        token: w.users.moderator.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect(await count()).toBe(before);
    const ok = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.moderator.token,
      body: { start: inDays(300), end: inDays(364), duration: 12, approved: false },
    });
    expect(ok.status).toBe(201);
    // The date picker's last day as the end: the console sends the midnight after it (an exclusive
    // end), which the window allows; a millisecond later is too late.
    const lastEnd = dayjs().tz('Europe/Oslo').startOf('day').add(1, 'year').add(1, 'day');
    const last = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.moderator.token,
      body: { end: lastEnd.toISOString(), duration: 12, approved: false },
    });
    expect(last.status).toBe(201);
    const beyond = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.moderator.token,
      body: { end: lastEnd.add(1, 'ms').toISOString(), duration: 12, approved: false },
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error.fields).toEqual([expect.objectContaining({ path: 'end', code: 'too_late' })]);
    expect(ok.body).toMatchObject({ duration: 12, approved: false });
  });

  it('sanitizes template text, and lists templates only with isTemplate=true', async () => {
    const res = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.moderator.token,
      body: {
        type: 'banner-template',
        templateId: 'dugnad',
        templateText: '<h2>Dugnad</h2><script>alert(1)</script><p style="x">Sat</p>',
        isTemplate: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.templateText).toBe('<h2>Dugnad</h2><p>Sat</p>');
    const templates = await api.request('GET', path(w.entities.orgA.id, 'banner', '?isTemplate=true'), {
      token: w.users.moderator.token,
    });
    expect(templates.body.map((c: { id: number }) => c.id)).toEqual([res.body.id]);
    const banners = await api.request('GET', path(w.entities.orgA.id, 'banner'), {
      token: w.users.moderator.token,
    });
    expect(banners.body.some((c: { id: number }) => c.id === res.body.id)).toBe(false);
  });

  it('accepts an asset of the entity or an ancestor, not of another tree', async () => {
    const own = await createAssetRow(api.deps, w.entities.orgA.id, true);
    const foreign = await createAssetRow(api.deps, w.entities.orgB.id);
    const ok = await api.request('POST', path(w.entities.displayA.id, 'banner'), {
      token: w.users.moderator.token,
      body: { assetId: own },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.asset).toMatchObject({ id: own, hasCropped: true });
    expect(ok.body.asset.croppedUrl).toMatch(new RegExp(`^/assets/${own}/cropped\\?v=\\d+$`));
    const bad = await api.request('POST', path(w.entities.displayA.id, 'banner'), {
      token: w.users.moderator.token,
      body: { assetId: foreign },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Asset does not belong to this entity or its parents');
  });

  it('accepts the spec’s names too: template, asset and the content type enum (1 asset, 2 template)', async () => {
    const own = await createAssetRow(api.deps, w.entities.orgB.id, true);
    const asTemplate = await api.request('POST', path(w.entities.orgB.id, 'banner'), {
      token: w.users.superadmin.token,
      body: { type: 2, template: 'dugnad', templateText: '<p>Lørdag</p>' },
    });
    expect(asTemplate.status, JSON.stringify(asTemplate.body)).toBe(201);
    expect(asTemplate.body).toMatchObject({ type: 'banner-template', templateId: 'dugnad' });
    const asAsset = await api.request('POST', path(w.entities.orgB.id, 'banner'), {
      token: w.users.superadmin.token,
      body: { type: 1, asset: { id: own } },
    });
    expect(asAsset.status, JSON.stringify(asAsset.body)).toBe(201);
    expect(asAsset.body).toMatchObject({ type: 'banner-asset', assetId: own });
    // The API's name wins when both are sent; `asset: null` clears like `assetId: null`.
    const both = await api.request('PUT', path(w.entities.orgB.id, 'banner', `/${asTemplate.body.id}`), {
      token: w.users.superadmin.token,
      body: { templateId: 'garage', template: 'quiet' },
    });
    expect(both.body.templateId).toBe('garage');
    const cleared = await api.request('PUT', path(w.entities.orgB.id, 'banner', `/${asAsset.body.id}`), {
      token: w.users.superadmin.token,
      body: { asset: null },
    });
    expect(cleared.body.assetId).toBeNull();

    const byType = (type: string) =>
      api.request('GET', path(w.entities.orgB.id, 'banner', `?approved=all&type=${type}`), {
        token: w.users.superadmin.token,
      });
    const ids = (res: { body: { id: number }[] }) => res.body.map((c) => c.id);
    expect(ids(await byType('2'))).toEqual([asTemplate.body.id]);
    expect(ids(await byType('banner-asset'))).toEqual([asAsset.body.id]);
    const unknown = await byType('3');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('validation_failed');
  });

  it('lists inherited content with the entity it comes from', async () => {
    const orgBanner = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.owner.token,
      body: { duration: 15 },
    });
    const own = await api.request('GET', path(w.entities.displayA.id, 'banner'), {
      token: w.users.moderator.token,
    });
    expect(own.body.some((c: { id: number }) => c.id === orgBanner.body.id)).toBe(false);
    const inherited = await api.request(
      'GET',
      path(w.entities.displayA.id, 'banner', '?includeParents=true'),
      { token: w.users.moderator.token },
    );
    const row = inherited.body.find((c: { id: number }) => c.id === orgBanner.body.id);
    expect(row).toMatchObject({ entityId: w.entities.orgA.id, inherited: true, master: false });
  });

  it('updates and deletes own content; another entity’s id is 404', async () => {
    const created = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.moderator.token,
      body: {},
    });
    const id = created.body.id;
    const upd = await api.request('PUT', path(w.entities.orgA.id, 'banner', `/${id}`), {
      token: w.users.moderator.token,
      body: { id, duration: 45, approved: false },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ duration: 45, approved: false });
    const bad = await api.request('PUT', path(w.entities.orgA.id, 'banner', `/${id}`), {
      token: w.users.moderator.token,
      body: { end: new Date(new Date(created.body.start).getTime() - 1000).toISOString() },
    });
    expect(bad.status).toBe(400);
    const elsewhere = await api.request('PUT', path(w.entities.groupA.id, 'banner', `/${id}`), {
      token: w.users.moderator.token,
      body: {},
    });
    expect(elsewhere.status).toBe(404);
    const del = await api.request('DELETE', path(w.entities.orgA.id, 'banner', `/${id}`), {
      token: w.users.moderator.token,
    });
    expect(del.status).toBe(200);
    const gone = await api.request('DELETE', path(w.entities.orgA.id, 'banner', `/${id}`), {
      token: w.users.moderator.token,
    });
    expect(gone.status).toBe(404);
    const rows = await api.deps.database.db.select().from(events);
    expect(rows.filter((e) => (e.data as { id?: number }).id === id).map((e) => e.type)).toEqual([
      'content.created',
      'content.updated',
      'content.deleted',
    ]);
  });

  it('locked content is fixed for everyone but the superadmin', async () => {
    const created = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.superadmin.token,
      body: { locked: true },
    });
    expect(created.body.locked).toBe(true);
    const upd = await api.request('PUT', path(w.entities.orgA.id, 'banner', `/${created.body.id}`), {
      token: w.users.owner.token,
      body: { duration: 5 },
    });
    expect(upd.status).toBe(403);
    const lock = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.owner.token,
      body: { locked: true },
    });
    expect(lock.status).toBe(403);
  });

  it('answers disabled ad slots with feature_disabled and unknown slots with a clear 400', async () => {
    for (const slot of ['adsSmall', 'adsLarge']) {
      const get = await api.request('GET', path(w.entities.orgA.id, slot), {
        token: w.users.superadmin.token,
      });
      expect(get.status).toBe(409);
      expect(get.body.error).toEqual({
        code: 'feature_disabled',
        message: `The ${slot} slot is disabled in the oppslag feature set`,
        requestId: expect.any(String),
      });
      const post = await api.request('POST', path(w.entities.orgA.id, slot), {
        token: w.users.superadmin.token,
        body: {},
      });
      expect(post.body.error.code).toBe('feature_disabled');
    }
    const unknown = await api.request('GET', path(w.entities.orgA.id, 'logo'), {
      token: w.users.owner.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^failed to resolve entity type: unknown slot "logo"/);
  });

  it('keeps the partner logo superadmin-only to write, readable by members', async () => {
    const mod = await api.request('POST', path(w.entities.orgA.id, 'partnerLogo'), {
      token: w.users.owner.token,
      body: {},
    });
    expect(mod.status).toBe(403);
    const admin = await api.request('POST', path(w.entities.orgA.id, 'partnerLogo'), {
      token: w.users.superadmin.token,
      body: {},
    });
    expect(admin.status).toBe(201);
    const list = await api.request('GET', path(w.entities.orgA.id, 'partnerLogo'), {
      token: w.users.moderator.token,
    });
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([admin.body.id]);
  });
});

describe('content slots (styretavla feature set) and master content', () => {
  let api: TestApi;
  let w: World;
  let masterId: number;
  beforeAll(async () => {
    api = await startTestApi({ env: { FEATURE_SET: 'styretavla' } });
    w = await createWorld(api.deps);
    masterId = await createMasterDisplay(api.deps, w.entities.root.id, w.users.superadmin.id);
  });
  afterAll(() => api.close());

  it('new banners start as templates; the partner logo is disabled', async () => {
    const res = await api.request('POST', path(w.entities.orgA.id, 'banner'), {
      token: w.users.moderator.token,
      body: {},
    });
    expect(res.body.type).toBe('banner-template');
    const logo = await api.request('GET', path(w.entities.orgA.id, 'partnerLogo'), {
      token: w.users.superadmin.token,
    });
    expect(logo.body.error.code).toBe('feature_disabled');
  });

  it('ads are superadmin-only to write and the master’s ads and templates reach every entity', async () => {
    const owner = await api.request('POST', path(w.entities.orgA.id, 'adsSmall'), {
      token: w.users.owner.token,
      body: {},
    });
    expect(owner.status).toBe(403);
    const ad = await api.request('POST', path(masterId, 'adsSmall'), {
      token: w.users.superadmin.token,
      body: {},
    });
    expect(ad.status).toBe(201);
    const large = await api.request('POST', path(masterId, 'adsLarge'), {
      token: w.users.superadmin.token,
      body: {},
    });
    const template = await api.request('POST', path(masterId, 'banner'), {
      token: w.users.superadmin.token,
      body: { isTemplate: true, templateId: 'fire', templateText: '<p>Fire drill</p>' },
    });
    const masterBanner = await api.request('POST', path(masterId, 'banner'), {
      token: w.users.superadmin.token,
      body: {},
    });

    const ads = await api.request('GET', path(w.entities.displayA.id, 'adsSmall', '?includeParents=true'), {
      token: w.users.moderator.token,
    });
    expect(ads.body).toHaveLength(1);
    expect(ads.body[0]).toMatchObject({ id: ad.body.id, entityId: masterId, master: true, inherited: true });
    const largeOfB = await api.request(
      'GET',
      path(w.entities.displayB.id, 'adsLarge', '?includeParents=true'),
      { token: w.users.sibling.token },
    );
    expect(largeOfB.body.map((c: { id: number }) => c.id)).toEqual([large.body.id]);
    const templates = await api.request(
      'GET',
      path(w.entities.orgA.id, 'banner', '?isTemplate=true&includeParents=true'),
      { token: w.users.moderator.token },
    );
    expect(templates.body.map((c: { id: number }) => c.id)).toEqual([template.body.id]);
    const banners = await api.request('GET', path(w.entities.orgA.id, 'banner', '?includeParents=true'), {
      token: w.users.moderator.token,
    });
    expect(banners.body.some((c: { id: number }) => c.id === masterBanner.body.id)).toBe(false);
    const withoutParents = await api.request('GET', path(w.entities.displayA.id, 'adsSmall'), {
      token: w.users.moderator.token,
    });
    expect(withoutParents.body).toEqual([]);
  });
});
