import { afterEach, describe, expect, it, vi } from 'vitest';
import { localInstant } from './oslo-time';
import {
  describeSchedule,
  isScheduleActive,
  isScheduleOver,
  isShowing,
  nextScheduleBoundary,
  nextShowingChange,
  scheduleSchema,
} from './schedule';

const at = (iso: string) => Date.parse(iso);
// In 2026 Oslo springs forward on Sunday 29 March (02:00 → 03:00, 01:00 UTC) and falls back on
// Sunday 25 October (03:00 → 02:00, 01:00 UTC).
const sunday = [7];

describe('localInstant (Europe/Oslo wall time → instant)', () => {
  it('uses +01:00 in winter and +02:00 in summer', () => {
    expect(localInstant(2026, 1, 13, 8 * 60)).toBe(at('2026-01-13T07:00:00Z'));
    expect(localInstant(2026, 6, 16, 8 * 60)).toBe(at('2026-06-16T06:00:00Z'));
  });
  it('takes a skipped wall time (02:30 on the spring-forward day) as an hour later', () => {
    expect(localInstant(2026, 3, 29, 150)).toBe(at('2026-03-29T01:30:00Z'));
  });
  it('takes a repeated wall time (02:30 on the fall-back day) at its first occurrence', () => {
    expect(localInstant(2026, 10, 25, 150)).toBe(at('2026-10-25T00:30:00Z'));
  });
  it('24:00 is the next midnight', () => {
    expect(localInstant(2026, 3, 28, 24 * 60)).toBe(at('2026-03-28T23:00:00Z'));
  });
});

describe('a schedule on the daylight-saving days', () => {
  it('keeps 08:00–15:00 at 08:00 local on both sides of the spring change', () => {
    const s = { weekdays: [6, 7], from: '08:00', to: '15:00' };
    // Saturday 28 March is winter time: 08:00 = 07:00 UTC; Sunday 29 March summer: 06:00 UTC.
    expect(isScheduleActive(s, '2026-03-28T06:59:59Z')).toBe(false);
    expect(isScheduleActive(s, '2026-03-28T07:00:00Z')).toBe(true);
    expect(nextScheduleBoundary(s, '2026-03-28T14:30:00Z')).toBe(at('2026-03-29T06:00:00Z'));
    expect(isScheduleActive(s, '2026-03-29T05:59:59Z')).toBe(false);
    expect(isScheduleActive(s, '2026-03-29T06:00:00Z')).toBe(true);
    expect(nextScheduleBoundary(s, '2026-03-29T06:00:00Z')).toBe(at('2026-03-29T13:00:00Z'));
  });

  it('a window across the skipped hour is an hour shorter', () => {
    const s = { weekdays: sunday, from: '01:00', to: '04:00' };
    expect(isScheduleActive(s, '2026-03-29T00:00:00Z')).toBe(true); // 01:00 CET
    expect(isScheduleActive(s, '2026-03-29T01:59:59Z')).toBe(true); // 03:59:59 CEST
    expect(isScheduleActive(s, '2026-03-29T02:00:00Z')).toBe(false); // 04:00 CEST
    expect(nextScheduleBoundary(s, '2026-03-29T00:00:00Z')).toBe(at('2026-03-29T02:00:00Z'));
  });

  it('a window across the repeated hour is an hour longer', () => {
    const s = { weekdays: sunday, from: '01:00', to: '04:00' };
    expect(nextScheduleBoundary(s, '2026-10-24T12:00:00Z')).toBe(at('2026-10-24T23:00:00Z')); // 01:00 CEST
    expect(isScheduleActive(s, '2026-10-24T23:00:00Z')).toBe(true);
    expect(isScheduleActive(s, '2026-10-25T02:59:59Z')).toBe(true); // 03:59:59 CET
    expect(isScheduleActive(s, '2026-10-25T03:00:00Z')).toBe(false); // 04:00 CET
    expect(nextScheduleBoundary(s, '2026-10-25T01:30:00Z')).toBe(at('2026-10-25T03:00:00Z'));
  });

  it('keeps 08:00 local after the fall change', () => {
    const s = { weekdays: [6, 7, 1], from: '08:00', to: '09:00' };
    expect(isScheduleActive(s, '2026-10-24T06:00:00Z')).toBe(true); // Saturday, CEST
    expect(nextScheduleBoundary(s, '2026-10-24T07:00:00Z')).toBe(at('2026-10-25T07:00:00Z')); // Sunday, CET
  });
});

describe('weekdays, until and boundaries', () => {
  const tuesdays = { weekdays: [2], from: '08:00', to: '15:00', until: '2026-03-31' };
  it('is active on Tuesdays only, start inclusive and end exclusive', () => {
    expect(isScheduleActive(tuesdays, '2026-03-10T07:00:00Z')).toBe(true); // Tue 08:00
    expect(isScheduleActive(tuesdays, '2026-03-10T14:00:00Z')).toBe(false); // Tue 15:00
    expect(isScheduleActive(tuesdays, '2026-03-11T09:00:00Z')).toBe(false); // Wednesday
  });
  it('finds the next window a week ahead', () => {
    expect(nextScheduleBoundary(tuesdays, '2026-03-10T14:00:00Z')).toBe(at('2026-03-17T07:00:00Z'));
  });
  it('shows on the until date and never after', () => {
    // 31 March is a Tuesday in summer time: 08:00 = 06:00 UTC.
    expect(isScheduleActive(tuesdays, '2026-03-31T06:00:00Z')).toBe(true);
    expect(nextScheduleBoundary(tuesdays, '2026-03-31T13:00:00Z')).toBe(null);
    expect(isScheduleOver(tuesdays, '2026-03-31T13:00:00Z')).toBe(true);
    expect(isScheduleOver(tuesdays, '2026-03-25T13:00:00Z')).toBe(false);
  });
  it('a whole-day window runs to midnight', () => {
    const s = { weekdays: [1], from: '00:00', to: '24:00' };
    expect(isScheduleActive(s, '2026-03-09T22:59:59Z')).toBe(true); // Monday 23:59:59
    expect(isScheduleActive(s, '2026-03-09T23:00:00Z')).toBe(false); // Tuesday 00:00
  });
});

describe('isShowing and nextShowingChange (period and schedule)', () => {
  afterEach(() => vi.useRealTimers());
  const note = {
    start: '2026-03-01T00:00:00Z',
    end: null,
    schedule: { weekdays: [7], from: '02:00', to: '10:00', until: null },
  };

  it('follows the fake clock across the spring change', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-29T00:30:00Z')); // 01:30 CET
    expect(isShowing(note, Date.now())).toBe(false);
    // 02:00 does not exist that day: the window opens at 03:00 CEST = 01:00 UTC.
    const next = nextShowingChange(note, Date.now());
    expect(next).toBe(at('2026-03-29T01:00:00Z'));
    vi.setSystemTime(next as number);
    expect(isShowing(note, Date.now())).toBe(true);
    expect(nextShowingChange(note, Date.now())).toBe(at('2026-03-29T08:00:00Z')); // 10:00 CEST
  });

  it('shows from its start instant on, not a millisecond before', () => {
    const plain = { start: '2026-04-01T00:00:00Z', end: null, schedule: null };
    expect(isShowing(plain, '2026-03-31T23:59:59.999Z')).toBe(false);
    expect(isShowing(plain, '2026-04-01T00:00:00Z')).toBe(true);
  });

  it('reads the minutes of the window, not only the hours (Monday 08:30–09:15 in Oslo, winter)', () => {
    const s = { weekdays: [1], from: '08:30', to: '09:15', until: null };
    expect(isScheduleActive(s, '2026-03-02T07:29:59Z')).toBe(false); // 08:29:59 CET
    expect(isScheduleActive(s, '2026-03-02T07:30:00Z')).toBe(true); // 08:30
    expect(isScheduleActive(s, '2026-03-02T08:14:59Z')).toBe(true); // 09:14:59
    expect(isScheduleActive(s, '2026-03-02T08:15:00Z')).toBe(false); // 09:15
    expect(isScheduleActive(s, '2026-03-03T07:45:00Z')).toBe(false); // Tuesday
  });

  it('is hidden outside the period whatever the schedule says', () => {
    expect(isShowing({ ...note, end: '2026-03-20T00:00:00Z' }, '2026-03-29T05:00:00Z')).toBe(false);
    expect(isShowing({ ...note, schedule: null }, '2026-03-02T05:00:00Z')).toBe(true);
    expect(nextShowingChange({ ...note, start: '2026-04-01T00:00:00Z' }, '2026-03-29T05:00:00Z')).toBe(
      at('2026-03-29T08:00:00Z'),
    );
  });
});

describe('scheduleSchema', () => {
  const issues = (input: unknown) => {
    const r = scheduleSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('accepts a valid schedule and sorts the weekdays', () => {
    expect(scheduleSchema.parse({ weekdays: [4, 2, 2], from: '08:00', to: '15:00' })).toEqual({
      weekdays: [2, 4],
      from: '08:00',
      to: '15:00',
      until: null,
    });
  });
  it('refuses no weekday, end before start and malformed values with field paths', () => {
    expect(issues({ weekdays: [], from: '08:00', to: '15:00' })).toEqual([
      'weekdays: Choose at least one weekday',
    ]);
    expect(issues({ weekdays: [1], from: '15:00', to: '08:00' })).toEqual([
      'to: The window must end after it starts',
    ]);
    expect(issues({ weekdays: [1], from: '08:00', to: '08:00' })).toHaveLength(1);
    const paths = issues({ weekdays: [8], from: '8', to: '25:00', until: '2026-13-01' }).map(
      (m) => m.split(':')[0],
    );
    expect(new Set(paths)).toEqual(new Set(['weekdays.0', 'from', 'to', 'until']));
  });
  it('keeps a valid last day (until)', () => {
    expect(
      scheduleSchema.parse({ weekdays: [1], from: '08:00', to: '09:00', until: '2026-05-01' }).until,
    ).toBe('2026-05-01');
  });
});

describe('describeSchedule', () => {
  it('words a schedule in both languages', () => {
    const s = { weekdays: [2], from: '08:00', to: '15:00' };
    expect(describeSchedule(s, 'nb')).toBe('Gjentas tirsdager 08:00–15:00');
    expect(describeSchedule(s, 'en')).toBe('Repeats Tuesdays 08:00–15:00');
    expect(describeSchedule({ ...s, weekdays: [1, 3], until: '2026-03-31' }, 'en', '31 Mar')).toBe(
      'Repeats Mondays and Wednesdays 08:00–15:00 until 31 Mar',
    );
    expect(describeSchedule({ ...s, weekdays: [1, 2, 3, 4, 5] }, 'nb')).toBe('Gjentas hverdager 08:00–15:00');
  });
});
