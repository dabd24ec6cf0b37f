import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { localInstant, localMinutes, startOfLocalDay, wallClock } from './oslo-time';
import { inQuietHours } from './quiet-hours';
import { isScheduleActive, nextScheduleBoundary } from './schedule';

dayjs.extend(utc);
dayjs.extend(timezone);

// The daylight-saving nights of 2026 in Europe/Oslo:
// spring forward Sunday 29 March, 02:00 CET → 03:00 CEST at 01:00 UTC (the wall skips 02:00–02:59);
// fall back Sunday 25 October, 03:00 CEST → 02:00 CET at 01:00 UTC (the wall repeats 02:00–02:59).
const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
/** Every minute from `from` to `to` (UTC ISO), as epoch ms. */
const minutesBetween = (from: string, to: string) =>
  Array.from({ length: (at(to) - at(from)) / MIN + 1 }, (_, i) => at(from) + i * MIN);
const NIGHTS = [
  { name: 'spring forward, 29 March', from: '2026-03-28T20:00:00Z', to: '2026-03-29T05:00:00Z' },
  { name: 'fall back, 25 October', from: '2026-10-24T20:00:00Z', to: '2026-10-25T05:00:00Z' },
];

describe('instant → wall clock across both DST nights', () => {
  it.each(NIGHTS)('agrees with dayjs (utc+timezone plugins) at every minute of the $name night', (night) => {
    for (const t of minutesBetween(night.from, night.to)) {
      const w = wallClock(t);
      const d = dayjs(t).tz('Europe/Oslo');
      expect(`${w.date} ${w.hour}:${w.minute} ${w.weekday % 7}`).toBe(d.format('YYYY-MM-DD H:m d'));
      expect(w.minuteOfDay).toBe(d.hour() * 60 + d.minute());
    }
  });

  it('jumps from 01:59 to 03:00 in spring', () => {
    expect(wallClock('2026-03-29T00:59:00Z')).toMatchObject({ hour: 1, minute: 59, minuteOfDay: 119 });
    expect(wallClock('2026-03-29T01:00:00Z')).toMatchObject({ hour: 3, minute: 0, minuteOfDay: 180 });
  });

  it('reads 02:30 twice in autumn (same minutes of day, an hour apart)', () => {
    expect(localMinutes('2026-10-25T00:30:00Z')).toBe(150);
    expect(localMinutes('2026-10-25T01:30:00Z')).toBe(150);
    expect(wallClock('2026-10-25T00:59:00Z')).toMatchObject({ hour: 2, minute: 59 });
    expect(wallClock('2026-10-25T01:00:00Z')).toMatchObject({ hour: 2, minute: 0 });
    expect(wallClock('2026-10-25T02:00:00Z')).toMatchObject({ hour: 3, minute: 0 });
  });

  it('has the weekday and minute of day of the local day at both midnights of each DST Sunday', () => {
    // Saturday 23:59 → Sunday 00:00: CET (+1) in March, CEST (+2) in October.
    expect(wallClock('2026-03-28T22:59:00Z')).toMatchObject({
      weekday: 6,
      minuteOfDay: 1439,
      date: '2026-03-28',
    });
    expect(wallClock('2026-03-28T23:00:00Z')).toMatchObject({
      weekday: 7,
      minuteOfDay: 0,
      date: '2026-03-29',
    });
    expect(wallClock('2026-10-24T21:59:00Z')).toMatchObject({
      weekday: 6,
      minuteOfDay: 1439,
      date: '2026-10-24',
    });
    expect(wallClock('2026-10-24T22:00:00Z')).toMatchObject({
      weekday: 7,
      minuteOfDay: 0,
      date: '2026-10-25',
    });
    // Sunday 23:59 → Monday 00:00 on the other side: CEST (+2) after March, CET (+1) after October.
    expect(wallClock('2026-03-29T21:59:00Z')).toMatchObject({ weekday: 7, minuteOfDay: 1439 });
    expect(wallClock('2026-03-29T22:00:00Z')).toMatchObject({
      weekday: 1,
      minuteOfDay: 0,
      date: '2026-03-30',
    });
    expect(wallClock('2026-10-25T22:59:00Z')).toMatchObject({ weekday: 7, minuteOfDay: 1439 });
    expect(wallClock('2026-10-25T23:00:00Z')).toMatchObject({
      weekday: 1,
      minuteOfDay: 0,
      date: '2026-10-26',
    });
  });
});

describe('wall clock → instant across both DST nights', () => {
  it('maps each wall minute of the spring night back to its instant (no wall time repeats)', () => {
    for (const t of minutesBetween(NIGHTS[0].from, NIGHTS[0].to)) {
      const w = wallClock(t);
      expect(localInstant(w.year, w.month, w.day, w.minuteOfDay)).toBe(t);
    }
  });

  it('maps each wall minute of the autumn night back to its instant, the repeated hour to its first pass', () => {
    for (const t of minutesBetween(NIGHTS[1].from, NIGHTS[1].to)) {
      const w = wallClock(t);
      const secondPass = t >= at('2026-10-25T01:00:00Z') && t < at('2026-10-25T02:00:00Z');
      expect(localInstant(w.year, w.month, w.day, w.minuteOfDay)).toBe(secondPass ? t - 3600_000 : t);
    }
  });

  it('takes the skipped 02:00–02:59 of 29 March as an hour later on the wall', () => {
    expect(localInstant(2026, 3, 29, 119)).toBe(at('2026-03-29T00:59:00Z')); // 01:59 CET
    expect(localInstant(2026, 3, 29, 120)).toBe(at('2026-03-29T01:00:00Z')); // 02:00 → 03:00 CEST
    expect(localInstant(2026, 3, 29, 150)).toBe(at('2026-03-29T01:30:00Z')); // 02:30 → 03:30 CEST
    expect(localInstant(2026, 3, 29, 180)).toBe(at('2026-03-29T01:00:00Z')); // 03:00 CEST
  });

  it('takes the repeated 02:00–02:59 of 25 October at its first (summer-time) occurrence', () => {
    expect(localInstant(2026, 10, 25, 120)).toBe(at('2026-10-25T00:00:00Z')); // 02:00 CEST
    expect(localInstant(2026, 10, 25, 179)).toBe(at('2026-10-25T00:59:00Z')); // 02:59 CEST
    expect(localInstant(2026, 10, 25, 180)).toBe(at('2026-10-25T02:00:00Z')); // 03:00 CET
  });

  it('makes the spring Sunday 23 hours long and the autumn Sunday 25, midnight to midnight', () => {
    const hours = (day: string) =>
      (startOfLocalDay(day, 1).getTime() - startOfLocalDay(day).getTime()) / 3600_000;
    expect(startOfLocalDay('2026-03-29T12:00:00Z').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(hours('2026-03-29T12:00:00Z')).toBe(23);
    expect(startOfLocalDay('2026-10-25T12:00:00Z').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(hours('2026-10-25T12:00:00Z')).toBe(25);
  });
});

describe('a 01:30–03:30 window over both DST nights (schedules and quiet hours read the same clock)', () => {
  const schedule = { weekdays: [7], from: '01:30', to: '03:30' };
  const quiet = { start: '01:30', end: '03:30', mode: 'blank' as const };

  it.each([
    // Spring: 01:30 CET (00:30 UTC) to 03:30 CEST (01:30 UTC) is one hour of real time.
    { ...NIGHTS[0], start: '2026-03-29T00:30:00Z', end: '2026-03-29T01:30:00Z', minutes: 60 },
    // Autumn: 01:30 CEST (23:30 UTC the day before) to 03:30 CET (02:30 UTC) is three hours.
    { ...NIGHTS[1], start: '2026-10-24T23:30:00Z', end: '2026-10-25T02:30:00Z', minutes: 180 },
  ])('is on from $start to $end on the $name night', (night) => {
    let on = 0;
    for (const t of minutesBetween(night.from, night.to)) {
      const inside = t >= at(night.start) && t < at(night.end);
      expect(isScheduleActive(schedule, t), new Date(t).toISOString()).toBe(inside);
      expect(inQuietHours(quiet, new Date(t)), new Date(t).toISOString()).toBe(inside);
      if (inside) on++;
    }
    expect(on).toBe(night.minutes);
    expect(nextScheduleBoundary(schedule, night.from)).toBe(at(night.start));
    expect(nextScheduleBoundary(schedule, night.start)).toBe(at(night.end));
  });
});
