import { addDays, instantOfDate, localDate } from './oslo-time';
import {
  BANNER_DATE_TOO_LATE_MESSAGE,
  BANNER_END_BEFORE_START_MESSAGE,
  BANNER_START_BEFORE_TODAY_MESSAGE,
} from './schemas/content';

/**
 * Spec §5's banner date window, the one rule the API enforces and the console's date pickers check
 * before sending: dates from today up to one year ahead, Europe/Oslo days, end not before start.
 * Banner ends are exclusive instants (an end date D is stored as midnight after D), so the latest
 * end is the midnight after the day one year from today, and a start must lie before it.
 */
export interface BannerDateWindow {
  /** Midnight starting today (Oslo). */
  today: Date;
  /** Midnight after the day one year from today (Oslo). */
  limit: Date;
}

export function bannerDateWindow(now: Date): BannerDateWindow {
  const today = localDate(now);
  const sameDayNextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  // A year after 29 February is 28 February (as the date pickers count a year), not 1 March.
  const yearOn = sameDayNextYear.endsWith('-02-29') ? sameDayNextYear.replace(/29$/, '28') : sameDayNextYear;
  return { today: new Date(instantOfDate(today)), limit: new Date(instantOfDate(addDays(yearOn, 1))) };
}

export type BannerDateCode = 'in_past' | 'too_late' | 'end_before_start';

export interface BannerDateProblem {
  path: 'start' | 'end';
  code: BannerDateCode;
  /** The API's wording (the console translates the code). */
  message: string;
}

const MESSAGES: Record<BannerDateCode, string> = {
  in_past: BANNER_START_BEFORE_TODAY_MESSAGE,
  too_late: BANNER_DATE_TOO_LATE_MESSAGE,
  end_before_start: BANNER_END_BEFORE_START_MESSAGE,
};

const problem = (path: 'start' | 'end', code: BannerDateCode): BannerDateProblem => ({
  path,
  code,
  message: MESSAGES[code],
});

/**
 * The first problem with a banner's dates, or null. Only dates being set are held to the window
 * (`checkStart`/`checkEnd`), so a banner that is already running stays editable.
 */
export function bannerDateProblem(
  now: Date,
  dates: { start: Date; end: Date | null; checkStart: boolean; checkEnd: boolean },
): BannerDateProblem | null {
  const { today, limit } = bannerDateWindow(now);
  const { start, end } = dates;
  if (dates.checkStart) {
    if (start < today) return problem('start', 'in_past');
    if (start >= limit) return problem('start', 'too_late');
  }
  if (end && dates.checkEnd) {
    if (end < today) return problem('end', 'in_past');
    if (end > limit) return problem('end', 'too_late');
  }
  // An end at the start would never show: with inclusive end dates that is an end date before the start date.
  if (end && end <= start) return problem('end', 'end_before_start');
  return null;
}
