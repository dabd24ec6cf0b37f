import { describe, expect, it } from 'vitest';
import { bannerDateProblem, bannerDateWindow } from './banner-dates';

// 2026-03-02 10:00 in Oslo (UTC+1 in winter).
const now = new Date('2026-03-02T09:00:00Z');
const check = (start: string, end: string | null, checkStart = true, checkEnd = true) =>
  bannerDateProblem(now, {
    start: new Date(start),
    end: end === null ? null : new Date(end),
    checkStart,
    checkEnd,
  });

describe('banner date window (spec §5)', () => {
  it('runs from Oslo midnight today to the midnight after the day one year ahead (summer time then)', () => {
    expect(bannerDateWindow(now)).toEqual({
      today: new Date('2026-03-01T23:00:00Z'),
      limit: new Date('2027-03-02T23:00:00Z'),
    });
  });

  it('accepts now, today at midnight and an end date one year ahead (sent as the midnight after it)', () => {
    expect(check('2026-03-01T23:00:00Z', '2027-03-02T23:00:00Z')).toBeNull();
    expect(check(now.toISOString(), null)).toBeNull();
  });

  it('refuses a start before today, a date beyond the window and an end before the start, with the API codes', () => {
    expect(check('2026-03-01T22:59:59Z', null)).toMatchObject({ path: 'start', code: 'in_past' });
    expect(check('2027-03-02T23:00:00Z', null)).toMatchObject({ path: 'start', code: 'too_late' });
    expect(check(now.toISOString(), '2027-03-02T23:00:01Z')).toMatchObject({ path: 'end', code: 'too_late' });
    expect(check(now.toISOString(), '2026-03-01T22:00:00Z')).toMatchObject({ path: 'end', code: 'in_past' });
    expect(check('2026-03-04T23:00:00Z', '2026-03-04T23:00:00Z')).toMatchObject({ code: 'end_before_start' });
    expect(check('2026-03-05T23:00:00Z', '2026-03-04T23:00:00Z')).toMatchObject({
      path: 'end',
      code: 'end_before_start',
      message: 'End cannot be before the start date',
    });
  });

  it('holds only the dates being set to the window: a running banner keeps its past start', () => {
    expect(check('2026-02-01T00:00:00Z', '2026-03-10T23:00:00Z', false)).toBeNull();
    expect(check('2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z', false, false)).toBeNull();
    expect(check('2026-03-05T00:00:00Z', '2026-03-04T00:00:00Z', false, false)).toMatchObject({
      code: 'end_before_start',
    });
  });
});
