import { describe, expect, it } from 'vitest';
import '../../lib/dates';
import { dateBounds, dateFieldProblem, endToDateInput, newBannerDefaults, toInstants } from './banner-dates';

// 10:15 in Oslo (CET, UTC+1) on 2 March 2026.
const now = new Date('2026-03-02T09:15:00Z');

describe('banner dates', () => {
  it('defaults a new banner to start now, end 14 days after midnight today and 30 s', () => {
    const d = newBannerDefaults(now);
    expect(d).toEqual({ start: '2026-03-02', end: '2026-03-15', duration: 30 });
    expect(toInstants(now, d.start, d.end)).toEqual({
      start: now.toISOString(),
      end: '2026-03-15T23:00:00.000Z',
    });
  });

  it('bounds the pickers by today, one year ahead and the start', () => {
    expect(dateBounds(now, '2026-04-01')).toEqual({
      startMin: '2026-03-02',
      startMax: '2027-03-02',
      endMin: '2026-04-01',
      endMax: '2027-03-02',
    });
    expect(dateBounds(now, '').endMin).toBe('2026-03-02');
  });

  it('rejects a start before today, dates past a year, and an end before the start', () => {
    expect(dateFieldProblem(now, '2026-03-01', '', true)).toEqual({ path: 'start', code: 'in_past' });
    expect(dateFieldProblem(now, '2026-03-01', '', false)).toBeNull();
    expect(dateFieldProblem(now, '2026-03-05', '2027-03-03', true)).toEqual({
      path: 'end',
      code: 'too_late',
    });
    expect(dateFieldProblem(now, '2026-03-05', '2026-03-04', true)).toEqual({
      path: 'end',
      code: 'end_before_start',
    });
    expect(dateFieldProblem(now, '2026-03-05', '2026-03-05', true)).toBeNull();
    expect(dateFieldProblem(now, '', '', true)).toEqual({ path: 'start', code: 'required' });
    // The picker's last day is allowed as an end: it is sent as the midnight after it.
    expect(dateFieldProblem(now, '2026-03-05', '2027-03-02', true)).toBeNull();
    // A running banner keeps its past start and end when neither is changed.
    expect(dateFieldProblem(now, '2026-02-01', '2026-02-20', false, false)).toBeNull();
  });

  it('starts a later day at Oslo midnight and shows a midnight end as the previous day', () => {
    expect(toInstants(now, '2026-03-10', '').start).toBe('2026-03-09T23:00:00.000Z');
    expect(endToDateInput('2026-03-15T23:00:00.000Z')).toBe('2026-03-15');
    expect(endToDateInput('2026-03-15T12:00:00.000Z')).toBe('2026-03-15');
    expect(endToDateInput(null)).toBe('');
  });
});
