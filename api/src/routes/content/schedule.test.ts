import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDisplayId } from '../../lib/hashids';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Repeating schedules through the API (issue 17): validation with field errors, the note list's
 * and the banner list's `showingNow` by common's rule under a fake clock (incl. a daylight-saving
 * day), and the schedule handed to the screen.
 */
describe('repeating schedules', () => {
  let api: TestApi;
  let w: World;
  const notePath = (entityId: number, rest = '') => `/api/content/${entityId}/note${rest}`;
  beforeAll(async () => {
    api = await startTestApi({ env: { FEATURE_SET: 'styretavla' } });
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const tuesdays = { weekdays: [2], from: '08:00', to: '15:00', until: '2026-03-31' };
  const listed = async (id: number) => {
    const res = await api.request('GET', notePath(w.entities.orgA.id, '?approved=all'), {
      token: w.users.owner.token,
    });
    return res.body.find((n: { id: number }) => n.id === id);
  };

  it('stores a schedule and answers whether the note is showing now', async () => {
    api.setNow(new Date('2026-03-02T10:00:00Z')); // Monday
    const res = await api.request('POST', notePath(w.entities.orgA.id), {
      token: w.users.owner.token,
      body: { text: '<p>Bibliotek</p>', date: '2026-03-02T10:00:00Z', approved: true, schedule: tuesdays },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ schedule: tuesdays, state: 'active', showingNow: false });
    api.setNow(new Date('2026-03-03T07:00:00Z')); // Tuesday 08:00 CET
    expect(await listed(res.body.id)).toMatchObject({ showingNow: true, state: 'active' });
    api.setNow(new Date('2026-03-03T14:00:00Z')); // Tuesday 15:00 CET: the window has closed
    expect(await listed(res.body.id)).toMatchObject({ showingNow: false });
    api.setNow(new Date('2026-03-31T06:00:00Z')); // the until date, 08:00 CEST after the change
    expect(await listed(res.body.id)).toMatchObject({ showingNow: true });
    api.setNow(new Date('2026-04-01T06:00:00Z'));
    expect(await listed(res.body.id)).toMatchObject({ showingNow: false, state: 'expired' });

    // Removing the schedule makes the note show for its whole period again.
    api.setNow(new Date('2026-03-04T10:00:00Z'));
    const cleared = await api.request('PUT', notePath(w.entities.orgA.id, `/${res.body.id}`), {
      token: w.users.owner.token,
      body: { schedule: null },
    });
    expect(cleared.body).toMatchObject({ schedule: null, showingNow: true });
    api.setNow(null);
  });

  it('switches at 08:00 local time on the spring-forward Sunday (fake clock)', async () => {
    api.setNow(new Date('2026-03-28T12:00:00Z'));
    const res = await api.request('POST', notePath(w.entities.orgA.id), {
      token: w.users.owner.token,
      body: {
        text: '<p>Søndag</p>',
        date: '2026-03-28T12:00:00Z',
        approved: true,
        schedule: { weekdays: [7], from: '08:00', to: '09:00' },
      },
    });
    expect(res.status).toBe(201);
    api.setNow(new Date('2026-03-29T05:59:59Z')); // 07:59:59 CEST
    expect(await listed(res.body.id)).toMatchObject({ showingNow: false });
    api.setNow(new Date('2026-03-29T06:00:00Z')); // 08:00 CEST (07:00 UTC in winter)
    expect(await listed(res.body.id)).toMatchObject({ showingNow: true });
    api.setNow(null);
  });

  it('refuses a window ending before it starts and no weekday, with field errors', async () => {
    const res = await api.request('POST', notePath(w.entities.orgA.id), {
      token: w.users.owner.token,
      body: {
        text: '<p>x</p>',
        date: new Date(Date.now() + 60_000).toISOString(),
        schedule: { weekdays: [], from: '15:00', to: '08:00' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const fields = res.body.error.fields.map((f: { path: string; code: string }) => `${f.path}:${f.code}`);
    // No weekday chosen is a missing choice ("Velg minst én ukedag"), not a length.
    expect(fields).toContain('schedule.weekdays:required');
    expect(fields).toContain('schedule.to:end_before_start');
  });

  it('refuses an "until" date already past, by the server’s clock (issue 31 item 5)', async () => {
    api.setNow(new Date('2026-03-10T10:00:00Z'));
    const post = (until: string) =>
      api.request('POST', notePath(w.entities.orgA.id), {
        token: w.users.owner.token,
        body: {
          text: '<p>Lesesal</p>',
          date: '2026-03-10T10:00:00Z',
          schedule: { weekdays: [2], from: '08:00', to: '15:00', until },
        },
      });
    const past = await post('2026-03-09');
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual([
      expect.objectContaining({ path: 'schedule.until', code: 'in_past' }),
    ]);
    // Today is still a day it shows.
    expect((await post('2026-03-10')).status).toBe(201);
    api.setNow(null);
  });

  it('gives banners a schedule and hands both to the screen', async () => {
    api.setNow(new Date('2026-03-02T10:00:00Z'));
    const banner = await api.request('POST', `/api/content/${w.entities.orgA.id}/banner`, {
      token: w.users.owner.token,
      body: {
        type: 'banner-template',
        templateId: 'blank',
        templateText: '<p>Tirsdag</p>',
        schedule: tuesdays,
      },
    });
    expect(banner.status).toBe(201);
    expect(banner.body).toMatchObject({ schedule: tuesdays, showingNow: false });

    const reg = await api.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(w.entities.displayA.id), apiKey: 'key-a' },
    });
    const content = await api.request('GET', '/api/display/content', { token: reg.body.token });
    expect(content.status).toBe(200);
    const slide = content.body.banners.find((b: { id: number }) => b.id === banner.body.id);
    expect(slide.schedule).toEqual(tuesdays);
    const notes = content.body.notes.filter((n: { schedule: unknown }) => n.schedule);
    expect(notes.length).toBeGreaterThan(0);
    api.setNow(null);
  });
});
