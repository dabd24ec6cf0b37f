import { CONTENT_SLOTS, FEATURE_SETS } from '@oppslag/common';
import { describe, expect, it } from 'vitest';
import type { AlertRow } from '../presenters/alert.presenter';
import {
  assembleDisplayContent,
  type ContentScope,
  contentScope,
  mergeTransit,
} from './display-content.service';
import type { ChainEntity, DisplayNoteRow, DisplaySlideRow } from './display-queries';

/**
 * What a display is sent, without a database: the rows the three display queries read (approved
 * only) go through `assembleDisplayContent`, which leaves out what a screen must not show yet or any
 * more and says when the answer next changes by time alone. The instants are typed in, not computed
 * with the rules under test. Tuesday 3 March 2026, 12:00 UTC is 13:00 in Oslo (UTC+1).
 */
const NOW = new Date('2026-03-03T12:00:00.000Z');
const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;
const t = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

const entity = (
  id: number,
  type: ChainEntity['type'],
  parentId: number | null,
  fallback: string | null = null,
) =>
  ({
    id,
    parentId,
    type,
    deleted: false,
    apiKeyVersion: 1,
    bannerFallbackText: fallback,
    // The root switches every slot on (the special features card), as a test installation's does.
    features: type === 'system' ? [...CONTENT_SLOTS] : [],
    updatedAt: at('2026-01-01T00:00:00Z'),
    seq: null,
    isMaster: false,
  }) satisfies ChainEntity;

/** Display 30 under organization 20 under the root 1; the master display 99 hangs under the root. */
const chain = [entity(30, 'display', 20), entity(20, 'organization', 1), entity(1, 'system', null)];
const master = { masterId: 99, parentId: 1 };
const styretavla = contentScope(chain, { featureSet: FEATURE_SETS.styretavla, master });

let nextId = 1;
const note = (over: Partial<DisplayNoteRow> = {}): DisplayNoteRow => ({
  id: nextId++,
  entityId: 30,
  text: '<p>Hei</p>',
  icon: 'comment',
  iconColor: '#019939',
  date: t(-HOUR),
  end: null,
  sticky: false,
  schedule: null,
  ...over,
});
const slide = (over: Partial<DisplaySlideRow> = {}): DisplaySlideRow => ({
  id: nextId++,
  entityId: 30,
  slot: 'banner',
  type: 'banner-template',
  start: t(-HOUR),
  end: null,
  duration: 10,
  schedule: null,
  templateId: 'plain',
  templateText: 'Velkommen',
  assetId: null,
  assetType: null,
  assetMime: null,
  assetPage: null,
  assetHasCropped: null,
  assetUpdatedAt: null,
  ...over,
});
const alert = (over: Partial<AlertRow> = {}): AlertRow => ({
  id: nextId++,
  entityId: 20,
  template: null,
  title: 'Vannet stenges',
  text: null,
  fromTime: null,
  toTime: null,
  expiresAt: null,
  clearedAt: null,
  createdBy: null,
  clearedBy: null,
  createdAt: t(-HOUR),
  ...over,
});

const noLive = { transit: null, weather: null };
const build = (
  rows: { notes?: DisplayNoteRow[]; contents?: DisplaySlideRow[]; alerts?: AlertRow[] },
  opts: { scope?: ContentScope; live?: { transit: string | null; weather: string | null } } = {},
) => {
  const built = assembleDisplayContent(
    chain,
    opts.scope ?? styretavla,
    { notes: rows.notes ?? [], contents: rows.contents ?? [], alerts: rows.alerts ?? [] },
    opts.live ?? noLive,
    NOW,
  );
  return { ...built, payload: JSON.parse(built.body) };
};
const ids = (list: { id: number }[]) => list.map((x) => x.id);

/** Tuesdays 08:00–15:00 Oslo: showing at NOW, the window closes at 15:00 Oslo = 14:00 UTC. */
const tuesdays = { weekdays: [2], from: '08:00', to: '15:00', until: null };
/** A schedule whose last day is behind NOW: nothing left to show. */
const ranOut = { weekdays: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '09:00', until: '2026-03-01' };

describe('display content: notes', () => {
  it('sends active and upcoming notes and leaves out expired ones (by end or by schedule)', () => {
    const active = note();
    const upcoming = note({ date: t(2 * HOUR) });
    const ended = note({ date: t(-3 * HOUR), end: t(-1) });
    const endsNow = note({ date: t(-3 * HOUR), end: NOW });
    const scheduleOver = note({ schedule: ranOut });
    const { payload } = build({ notes: [active, upcoming, ended, endsNow, scheduleOver] });
    expect(payload.notes.map((n: { id: number; state: string }) => [n.id, n.state])).toEqual([
      [upcoming.id, 'scheduled'],
      [active.id, 'active'],
      [endsNow.id, 'active'],
    ]);
  });

  it('orders the board: sticky first, then the newest start, then the higher id', () => {
    const old = note({ date: at('2026-03-01T10:00:00Z') });
    const newer = note({ date: at('2026-03-02T10:00:00Z') });
    const stickyOld = note({ date: at('2026-02-01T10:00:00Z'), sticky: true });
    const tieLow = note({ date: at('2026-03-02T11:00:00Z') });
    const tieHigh = note({ date: at('2026-03-02T11:00:00Z') });
    const { payload } = build({ notes: [old, tieLow, newer, tieHigh, stickyOld] });
    expect(ids(payload.notes)).toEqual([stickyOld.id, tieHigh.id, tieLow.id, newer.id, old.id]);
  });

  it('sends each note in the shape the player reads', () => {
    const plain = note({ date: at('2026-03-03T10:00:00.000Z'), icon: 'warning', iconColor: '#ff0000' });
    const timed = note({
      entityId: 20,
      date: at('2026-03-03T09:00:00.000Z'),
      end: at('2026-03-04T09:00:00.000Z'),
      sticky: true,
      schedule: tuesdays,
    });
    const { payload } = build({ notes: [plain, timed] });
    expect(payload.notes).toEqual([
      {
        id: timed.id,
        entityId: 20,
        text: '<p>Hei</p>',
        icon: 'comment',
        iconColor: '#019939',
        date: '2026-03-03T09:00:00.000Z',
        end: '2026-03-04T09:00:00.000Z',
        sticky: true,
        state: 'active',
        schedule: tuesdays,
      },
      {
        id: plain.id,
        entityId: 30,
        text: '<p>Hei</p>',
        icon: 'warning',
        iconColor: '#ff0000',
        date: '2026-03-03T10:00:00.000Z',
        end: null,
        sticky: false,
        state: 'active',
        schedule: null,
      },
    ]);
  });
});

describe('display content: slides', () => {
  it('sends active and upcoming slides per slot, and leaves out ended ones and run-out schedules', () => {
    const banner = slide();
    const upcoming = slide({ start: t(HOUR) });
    const ended = slide({ end: t(-1) });
    const endsNow = slide({ end: NOW });
    const over = slide({ schedule: ranOut });
    const small = slide({ slot: 'adsSmall', entityId: 20 });
    const large = slide({ slot: 'adsLarge', entityId: 1 });
    const logo = slide({ slot: 'partnerLogo' });
    const { payload } = build({ contents: [banner, upcoming, ended, endsNow, over, small, large, logo] });
    expect(ids(payload.banners)).toEqual([banner.id, upcoming.id, endsNow.id]);
    expect(ids(payload.adsSmall)).toEqual([small.id]);
    expect(ids(payload.adsLarge)).toEqual([large.id]);
    expect(ids(payload.partnerLogo)).toEqual([logo.id]);
  });

  it('sends the master display’s ads to other displays, marked, but keeps its banners home', () => {
    expect(styretavla).toMatchObject({ masterId: 99, masterSlots: ['adsSmall', 'adsLarge'] });
    expect(styretavla.entityIds).toEqual([30, 20, 1, 99]);
    const masterAd = slide({ entityId: 99, slot: 'adsSmall' });
    const masterLarge = slide({ entityId: 99, slot: 'adsLarge' });
    const masterBanner = slide({ entityId: 99, slot: 'banner' });
    const ownAd = slide({ entityId: 30, slot: 'adsSmall' });
    const { payload } = build({ contents: [masterAd, masterLarge, masterBanner, ownAd] });
    expect(payload.banners).toEqual([]);
    expect(payload.adsSmall.map((s: { id: number; master: boolean }) => [s.id, s.master])).toEqual([
      [masterAd.id, true],
      [ownAd.id, false],
    ]);
    expect(ids(payload.adsLarge)).toEqual([masterLarge.id]);
  });

  it('shows the master display its own banners, not marked as master content', () => {
    const masterChain = [entity(99, 'display', 1), entity(1, 'system', null)];
    const scope = contentScope(masterChain, { featureSet: FEATURE_SETS.styretavla, master });
    expect(scope).toMatchObject({ masterId: null, masterSlots: [], entityIds: [99, 1] });
    const own = slide({ entityId: 99, slot: 'banner' });
    const ad = slide({ entityId: 99, slot: 'adsSmall' });
    const built = assembleDisplayContent(
      masterChain,
      scope,
      { notes: [], contents: [own, ad], alerts: [] },
      noLive,
      NOW,
    );
    const payload = JSON.parse(built.body);
    expect(payload.banners.map((s: { id: number; master: boolean }) => [s.id, s.master])).toEqual([
      [own.id, false],
    ]);
    expect(payload.adsSmall.map((s: { master: boolean }) => s.master)).toEqual([false]);
  });

  it('reads the slots the feature set enables, and no master content where it enables no ads', () => {
    expect(styretavla.slots).toEqual(['banner', 'adsSmall', 'adsLarge']);
    const oppslag = contentScope(chain, { featureSet: FEATURE_SETS.oppslag, master });
    expect(oppslag).toEqual({
      ancestry: [30, 20, 1],
      slots: ['banner', 'partnerLogo'],
      masterSlots: [],
      masterId: null,
      entityIds: [30, 20, 1],
    });
    // A master under another branch reaches nobody here.
    const elsewhere = contentScope(chain, {
      featureSet: FEATURE_SETS.styretavla,
      master: { masterId: 99, parentId: 77 },
    });
    expect(elsewhere).toMatchObject({ masterId: null, entityIds: [30, 20, 1] });
    expect(contentScope(chain, { featureSet: FEATURE_SETS.styretavla, master: null })).toMatchObject({
      masterId: null,
      entityIds: [30, 20, 1],
    });
  });

  it('sends each slide in the shape the player reads, with its asset’s URLs', () => {
    const withAsset = slide({
      type: 'banner-asset',
      start: at('2026-03-03T10:00:00.000Z'),
      end: at('2026-03-05T10:00:00.000Z'),
      duration: null,
      schedule: tuesdays,
      templateId: null,
      templateText: null,
      assetId: 7,
      assetType: 2,
      assetMime: 'image/png',
      assetPage: 3,
      assetHasCropped: true,
      assetUpdatedAt: at('2026-02-01T00:00:00.000Z'),
    });
    const template = slide({ start: at('2026-03-03T11:00:00.000Z') });
    const { payload } = build({ contents: [withAsset, template] });
    const v = at('2026-02-01T00:00:00.000Z').getTime();
    expect(payload.banners).toEqual([
      {
        id: withAsset.id,
        entityId: 30,
        slot: 'banner',
        type: 'banner-asset',
        start: '2026-03-03T10:00:00.000Z',
        end: '2026-03-05T10:00:00.000Z',
        duration: null,
        schedule: tuesdays,
        templateId: null,
        templateText: null,
        asset: {
          id: 7,
          type: 2,
          mime: 'image/png',
          page: 3,
          hasCropped: true,
          croppedUrl: `/assets/7/cropped?v=${v}`,
          originalUrl: `/assets/7/original?v=${v}`,
        },
        master: false,
      },
      {
        id: template.id,
        entityId: 30,
        slot: 'banner',
        type: 'banner-template',
        start: '2026-03-03T11:00:00.000Z',
        end: null,
        duration: 10,
        schedule: null,
        templateId: 'plain',
        templateText: 'Velkommen',
        asset: null,
        master: false,
      },
    ]);
  });
});

describe('display content: when the answer changes by time alone', () => {
  const changesAt = (rows: Parameters<typeof build>[0]) => build(rows).changesAt;

  it('is null when nothing starts, ends or switches later (a start at this very instant included)', () => {
    expect(changesAt({})).toBeNull();
    expect(changesAt({ notes: [note()], contents: [slide()], alerts: [alert()] })).toBeNull();
    expect(changesAt({ notes: [note({ date: NOW })], contents: [slide({ start: NOW })] })).toBeNull();
  });

  it('is a note’s start, the instant after its end, or its schedule’s next boundary', () => {
    expect(changesAt({ notes: [note({ date: t(HOUR) })] })).toBe(t(HOUR).getTime());
    expect(changesAt({ notes: [note({ end: t(HOUR) })] })).toBe(t(HOUR).getTime() + 1);
    // The Tuesday window closes at 15:00 Oslo, 14:00 UTC.
    expect(changesAt({ notes: [note({ schedule: tuesdays })] })).toBe(at('2026-03-03T14:00:00Z').getTime());
  });

  it('is a slide’s start, the instant after its end, or its schedule’s next boundary', () => {
    expect(changesAt({ contents: [slide({ start: t(HOUR) })] })).toBe(t(HOUR).getTime());
    expect(changesAt({ contents: [slide({ end: t(HOUR) })] })).toBe(t(HOUR).getTime() + 1);
    expect(changesAt({ contents: [slide({ schedule: tuesdays })] })).toBe(
      at('2026-03-03T14:00:00Z').getTime(),
    );
  });

  it('is an alert’s expiry', () => {
    expect(changesAt({ alerts: [alert({ expiresAt: t(HOUR) })] })).toBe(t(HOUR).getTime());
  });

  it('is the earliest of them, in whatever order they come', () => {
    const soon = t(HOUR);
    const later = t(2 * HOUR);
    expect(changesAt({ alerts: [alert({ expiresAt: later }), alert({ expiresAt: soon })] })).toBe(
      soon.getTime(),
    );
    expect(changesAt({ alerts: [alert({ expiresAt: soon }), alert({ expiresAt: later })] })).toBe(
      soon.getTime(),
    );
    expect(changesAt({ notes: [note({ date: later })], contents: [slide({ end: t(30 * 60_000) })] })).toBe(
      t(30 * 60_000).getTime() + 1,
    );
  });
});

describe('display content: fallback, live data, alerts and the tag', () => {
  it('takes the fallback text of the nearest entity that has one, skipping blank ones', () => {
    const withFallbacks = (display: string | null, org: string | null, root: string | null) =>
      JSON.parse(
        assembleDisplayContent(
          [
            entity(30, 'display', 20, display),
            entity(20, 'organization', 1, org),
            entity(1, 'system', null, root),
          ],
          styretavla,
          { notes: [], contents: [], alerts: [] },
          noLive,
          NOW,
        ).body,
      ).fallback;
    expect(withFallbacks(null, 'Styret', 'Rot')).toEqual([{ type: 'text', text: 'Styret' }]);
    expect(withFallbacks('  ', null, 'Rot')).toEqual([{ type: 'text', text: 'Rot' }]);
    expect(withFallbacks('Skjerm', 'Styret', null)).toEqual([{ type: 'text', text: 'Skjerm' }]);
    expect(withFallbacks(null, ' ', null)).toEqual([]);
  });

  it('passes cached transit and weather that match the contract, and nothing for unreadable values', () => {
    const transit = { entityId: 30, updatedAt: '2026-03-03T11:59:00Z', stops: [] };
    const weather = {
      organizationId: 20,
      latitude: 59.9,
      longitude: 10.7,
      updatedAt: '2026-03-03T11:00:00Z',
      days: [],
    };
    const good = build({}, { live: { transit: JSON.stringify(transit), weather: JSON.stringify(weather) } });
    expect(good.payload.transit).toEqual(transit);
    expect(good.payload.weather).toEqual(weather);
    const bad = build({}, { live: { transit: '{"stops": 1}', weather: 'not json' } });
    expect(bad.payload).toMatchObject({ transit: null, weather: null });
  });

  it('sends the alerts in force as presented', () => {
    const a = alert({ title: 'Brannøvelse', expiresAt: at('2026-03-03T15:00:00.000Z') });
    const { payload } = build({ alerts: [a] });
    expect(payload.alerts).toEqual([
      {
        id: a.id,
        entityId: 20,
        template: null,
        title: 'Brannøvelse',
        text: null,
        from: null,
        to: null,
        expiresAt: '2026-03-03T15:00:00.000Z',
        createdAt: t(-HOUR).toISOString(),
        clearedAt: null,
      },
    ]);
  });

  it('tags the body: the same bytes the same quoted tag, other bytes another', () => {
    const one = build({ notes: [note({ id: 1 })] });
    const same = build({ notes: [note({ id: 1 })] });
    const other = build({ notes: [note({ id: 2 })] });
    expect(one.etag).toBe(same.etag);
    expect(one.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(other.etag).not.toBe(one.etag);
  });

  it('merges transit along the chain keeping the newest update time', () => {
    const cached = (updatedAt: string, stopId: string) =>
      JSON.stringify({
        entityId: 1,
        updatedAt,
        stops: [{ stopId, label: stopId, name: null, departures: [] }],
      });
    const merged = JSON.parse(
      mergeTransit(30, [cached('2026-03-03T11:01:00Z', 'A'), cached('2026-03-03T11:00:00Z', 'B')])!,
    );
    expect(merged).toMatchObject({ entityId: 30, updatedAt: '2026-03-03T11:01:00Z' });
    expect(merged.stops.map((s: { stopId: string }) => s.stopId)).toEqual(['A', 'B']);
  });
});
