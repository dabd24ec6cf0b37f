import { type BannerDateCode, bannerDateProblem } from '@oppslag/common/banner-dates.ts';
import { BANNER_DEFAULT_DAYS, BANNER_DEFAULT_DURATION } from '@oppslag/common/schemas/content.ts';
import dayjs from 'dayjs';
import { inOslo } from '../../lib/dates';

/** Date-input value (YYYY-MM-DD) of an instant in Europe/Oslo. */
export const toDateInput = (date: Date | string | number) => inOslo(date).format('YYYY-MM-DD');

/** Defaults of a new banner (spec §9): start now, end 14 days after midnight today, 30 s. */
export function newBannerDefaults(now: Date) {
  const midnight = inOslo(now).startOf('day');
  return {
    start: toDateInput(now),
    // The end instant is that midnight; the inclusive date picker shows the day before it.
    end: endToDateInput(midnight.add(BANNER_DEFAULT_DAYS, 'day').toISOString()),
    duration: BANNER_DEFAULT_DURATION,
  };
}

/** The date pickers' bounds (spec §5): minimum today, maximum one year ahead, end ≥ start. */
export function dateBounds(now: Date, start: string) {
  const today = toDateInput(now);
  const max = toDateInput(inOslo(now).add(1, 'year').toDate());
  return { startMin: today, startMax: max, endMin: start && start > today ? start : today, endMax: max };
}

/** A refused date: the field and the API's field code for it. */
export interface DateFieldProblem {
  path: 'start' | 'end';
  code: 'required' | BannerDateCode;
}

/**
 * Checks the dates by the API's own rule (common's bannerDateProblem) on the instants the dialog
 * will send. Only changed dates are held to the window, as the API does, so a banner that already
 * started keeps its start.
 */
export function dateFieldProblem(
  now: Date,
  start: string,
  end: string,
  startChanged: boolean,
  endChanged = true,
): DateFieldProblem | null {
  if (!start) return { path: 'start', code: 'required' };
  const instants = toInstants(now, start, end);
  const problem = bannerDateProblem(now, {
    start: new Date(instants.start),
    end: instants.end ? new Date(instants.end) : null,
    checkStart: startChanged,
    checkEnd: endChanged,
  });
  return problem && { path: problem.path, code: problem.code };
}

/**
 * The instants sent to the API: a start of today means "now" so the banner shows at once; other
 * days start at Oslo midnight. The end date is inclusive, so it is sent as the next midnight.
 */
export function toInstants(now: Date, start: string, end: string) {
  const startDay = dayjs.tz(start, 'Europe/Oslo');
  const startAt = start === toDateInput(now) ? now : startDay.toDate();
  const endAt = end ? dayjs.tz(end, 'Europe/Oslo').add(1, 'day').toDate() : null;
  return { start: startAt.toISOString(), end: endAt ? endAt.toISOString() : null };
}

/** The inverse for editing: an end at midnight shows as the previous day. */
export function endToDateInput(end: string | null): string {
  if (!end) return '';
  const at = inOslo(end);
  return (at.hour() === 0 && at.minute() === 0 ? at.subtract(1, 'day') : at).format('YYYY-MM-DD');
}
