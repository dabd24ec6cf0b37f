import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { TIME_ZONE } from './constants';
import {
  BANNER_DATE_TOO_LATE_MESSAGE,
  BANNER_END_BEFORE_START_MESSAGE,
  BANNER_START_BEFORE_TODAY_MESSAGE,
} from './schemas/content';

dayjs.extend(utc);
dayjs.extend(timezone);

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
  const midnight = dayjs(now).tz(TIME_ZONE).startOf('day');
  return { today: midnight.toDate(), limit: midnight.add(1, 'year').add(1, 'day').toDate() };
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
