import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/** Oslo's ISO weekday (1 Monday … 7 Sunday) of an instant. */
function osloWeekday(at: Date): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', weekday: 'short' }).format(at);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}

/**
 * Issue 31 item 4: proof of delivery calls a screen missing only when it should be showing the
 * item now (common's dueOnScreen): a note whose schedule has no window today, or a screen in its
 * quiet hours, is not missing; an always-on note on a screen that has not shown it is.
 */
describe('proof of delivery knows schedules and quiet hours', () => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const note = async (schedule?: object) => {
    const res = await api.request('POST', `/api/content/${w.entities.orgA.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>Vaktmester</p>', date: new Date().toISOString(), approved: true, schedule },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const delivery = async (id: number) => {
    const res = await api.request('GET', `/api/content/${w.entities.orgA.id}/note/${id}/delivery`, {
      token: w.users.owner.token,
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('counts a screen missing only when the note should be on it now', async () => {
    const always = await note();
    expect(await delivery(always)).toMatchObject({ total: 1, due: 1, missing: 1, shown: 0 });
    expect((await delivery(always)).displays[0]).toMatchObject({ id: w.entities.displayA.id, due: true });

    // A window only tomorrow: nothing is due today, so nothing is missing.
    const tomorrow = (osloWeekday(new Date()) % 7) + 1;
    const later = await note({ weekdays: [tomorrow], from: '00:00', to: '24:00' });
    expect(await delivery(later)).toMatchObject({ total: 1, due: 0, missing: 0 });

    // Quiet hours around the clock but one minute (inherited from the organization): not due.
    const quiet = await api.request('PUT', `/api/entities/${w.entities.orgA.id}`, {
      token: w.users.owner.token,
      body: { quietHours: quietAroundNow() },
    });
    expect(quiet.status).toBe(200);
    expect(await delivery(always)).toMatchObject({ total: 1, due: 0, missing: 0 });
  });
});

/** Quiet hours from one hour before now to one hour after (Oslo wall clock). */
function quietAroundNow() {
  const hm = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Oslo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  const now = Date.now();
  return { start: hm(new Date(now - 3600_000)), end: hm(new Date(now + 3600_000)), mode: 'blank' };
}
