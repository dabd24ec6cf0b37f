import dayjs from 'dayjs';
import 'dayjs/locale/nb';
import { TIME_ZONE } from '@oppslag/common/constants.ts';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/** Past this many days a date is written out instead of "in 3 days" (platform spec §9). */
export const RELATIVE_DAY_THRESHOLD = 31;

dayjs.extend(utc);
dayjs.extend(timezone);
// Days are counted up to the threshold so "30 days ago" never turns into "a month ago" early.
dayjs.extend(relativeTime, {
  thresholds: [
    { l: 's', r: 44, d: 'second' },
    { l: 'm', r: 89 },
    { l: 'mm', r: 44, d: 'minute' },
    { l: 'h', r: 89 },
    { l: 'hh', r: 23, d: 'hour' },
    { l: 'd', r: 35 },
    { l: 'dd', r: RELATIVE_DAY_THRESHOLD, d: 'day' },
    { l: 'M', r: 45 },
    { l: 'MM', r: 10, d: 'month' },
    { l: 'y', r: 17 },
    { l: 'yy', d: 'year' },
  ],
});
dayjs.tz.setDefault(TIME_ZONE);

/** dayjs locale name for an interface language ('no' is Norwegian Bokmål). */
export const dayjsLocale = (language: string) => (language === 'no' ? 'nb' : 'en');

/** A moment in Europe/Oslo, whatever the browser's own zone is. */
export const inOslo = (date: Date | string | number) => dayjs(date).tz(TIME_ZONE);

/** Date and time in Oslo, e.g. "21.11.2026 19:30". */
export function formatDateTime(date: Date | string | number, language: string): string {
  return inOslo(date).locale(dayjsLocale(language)).format('DD.MM.YYYY HH:mm');
}

/** Below this many hours apart "x hours ago" is said whatever the calendar; above, days count. */
const SAME_DAY_HOURS = 22;

/**
 * "in 3 days" / "for 3 dager siden" while the date is within the threshold of now, otherwise
 * the full date "D. MMMM YYYY" in Oslo time.
 */
export function formatRelative(
  date: Date | string | number,
  language: string,
  now: Date = new Date(),
  thresholdDays = RELATIVE_DAY_THRESHOLD,
): string {
  const d = dayjs(date);
  const locale = dayjsLocale(language);
  if (Math.abs(d.diff(now, 'day', true)) >= thresholdDays)
    return inOslo(date).locale(locale).format('D. MMMM YYYY');
  if (Math.abs(d.diff(now, 'hour', true)) < SAME_DAY_HOURS) return d.locale(locale).from(now);
  // A day or more apart: counted in Oslo calendar days, so this morning seen at 23:20 is not
  // "a day ago" and yesterday 10:00 seen at 09:00 is (issue 31 item 10).
  const today = inOslo(now).startOf('day');
  const days = inOslo(date).startOf('day').diff(today, 'day');
  if (days === 0) return d.locale(locale).from(now);
  // Whole days of 24 h from a fixed point: a summer-time change does not make "23 hours".
  const origin = dayjs(0);
  return origin
    .add(days * 24, 'hour')
    .locale(locale)
    .from(origin);
}
