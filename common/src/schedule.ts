import { z } from 'zod';
import { TIME_ZONE } from './constants';
import { withFieldCode } from './errors';
import { addDays, clockMinutes, instantOfDate, type TimeLike, toMs, wallClock, weekdayOf } from './oslo-time';

/**
 * Repeating schedules of notes and banners (issue 17): on some weekdays, inside a time window of
 * the local day, optionally until a date — "every Tuesday 08:00–15:00 until 31 March". Times are
 * wall-clock times in Europe/Oslo, so a window stays at 08:00 across the daylight-saving changes.
 * This file is the one rule: the API's state, the display content and the player's visibility all
 * ask `isScheduleActive` and `nextScheduleBoundary`.
 *
 * Decisions where the spec is silent:
 * - A window lies within one day (`to` after `from`; `24:00` is the end of the day), so there is
 *   no window across midnight and "end before start" is an error a board member can understand.
 * - A wall time that does not exist (02:30 on the spring-forward day) is taken as the instant an
 *   hour later (03:30), one that exists twice (02:30 on the fall-back day) as its first occurrence —
 *   what Temporal calls "compatible" (the Oslo time module, `oslo-time.ts`, has that rule).
 * - `until` is inclusive: windows on that local date still show.
 */

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const SCHEDULE_NO_WEEKDAY_MESSAGE = 'Choose at least one weekday';
export const SCHEDULE_END_BEFORE_START_MESSAGE = 'The window must end after it starts';

export const scheduleSchema = z
  .strictObject({
    weekdays: z
      .array(z.number({ error: 'Weekdays are numbers 1 (Monday) to 7 (Sunday)' }).int().min(1).max(7))
      .min(1, { message: SCHEDULE_NO_WEEKDAY_MESSAGE })
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    from: z.string().regex(TIME, 'From must be a time HH:MM'),
    to: z.string().regex(TIME, 'To must be a time HH:MM (24:00 is the end of the day)'),
    until: z
      .string()
      .regex(DATE, 'Until must be a date YYYY-MM-DD')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Until must be a date YYYY-MM-DD')
      .nullable()
      .optional()
      .transform((d) => d ?? null),
  })
  .refine((s) => clockMinutes(s.to) > clockMinutes(s.from), {
    message: SCHEDULE_END_BEFORE_START_MESSAGE,
    path: ['to'],
    ...withFieldCode('end_before_start'),
  })
  .meta({
    description:
      'Repeating window in Europe/Oslo: ISO weekdays (1 Monday), HH:MM times, inclusive until date',
  });
export type Schedule = z.infer<typeof scheduleSchema>;

/** The stored/answered shape (already validated). */
export const scheduleOutSchema = z.object({
  weekdays: z.array(z.number().int()),
  from: z.string(),
  to: z.string(),
  until: z.string().nullable(),
});

/** What the rules read of a schedule (a stored one, or a form's draft). */
export interface ScheduleLike {
  weekdays: readonly number[];
  from: string;
  to: string;
  until?: string | null;
}

/** The window of the day `offset` days from `t`'s local date, or null when the schedule skips it. */
function windowOf(s: ScheduleLike, t: number, offset: number, timeZone: string): [number, number] | null {
  const date = addDays(wallClock(t, timeZone).date, offset);
  if (!s.weekdays.includes(weekdayOf(date))) return null;
  if (s.until && date > s.until) return null;
  return [
    instantOfDate(date, clockMinutes(s.from), timeZone),
    instantOfDate(date, clockMinutes(s.to), timeZone),
  ];
}

const ms = toMs;

/** Whether instant `t` lies in one of the schedule's windows (start inclusive, end exclusive). */
export function isScheduleActive(s: ScheduleLike, t: TimeLike, timeZone = TIME_ZONE): boolean {
  const now = ms(t);
  const w = windowOf(s, now, 0, timeZone);
  return w !== null && w[0] <= now && now < w[1];
}

/** The next instant after `t` at which the schedule switches on or off; null when it never will again. */
export function nextScheduleBoundary(s: ScheduleLike, t: TimeLike, timeZone = TIME_ZONE): number | null {
  const now = ms(t);
  // A week and a day ahead covers every weekday; `until` may end the list earlier.
  for (let offset = 0; offset <= 8; offset++) {
    const w = windowOf(s, now, offset, timeZone);
    if (!w) continue;
    if (w[0] > now) return w[0];
    if (w[1] > now) return w[1];
  }
  return null;
}

/** Whether the schedule has no window left at or after `t` (its `until` date has passed). */
export function isScheduleOver(s: ScheduleLike, t: TimeLike, timeZone = TIME_ZONE): boolean {
  return !isScheduleActive(s, t, timeZone) && nextScheduleBoundary(s, t, timeZone) === null;
}

/**
 * A note or slide with a base period (start, optional end, both inclusive as spec §4 has them)
 * and an optional schedule inside it. Showing = inside the period and, with a schedule, inside a
 * window. The player and the API both use these two.
 */
export interface Timed {
  start: TimeLike;
  end: TimeLike | null;
  schedule?: ScheduleLike | null;
}

export function isShowing(item: Timed, t: TimeLike): boolean {
  const now = ms(t);
  if (ms(item.start) > now) return false;
  if (item.end !== null && ms(item.end) < now) return false;
  return !item.schedule || isScheduleActive(item.schedule, now);
}

/** The next instant after `t` at which `isShowing` may change (a period bound or a window bound). */
export function nextShowingChange(item: Timed, t: TimeLike): number | null {
  const now = ms(t);
  const candidates = [ms(item.start), item.end === null ? null : ms(item.end) + 1];
  if (item.schedule) candidates.push(nextScheduleBoundary(item.schedule, now));
  let next: number | null = null;
  for (const c of candidates) if (c !== null && c > now && (next === null || c < next)) next = c;
  return next;
}

const WEEKDAY_NAMES = {
  nb: {
    one: ['mandager', 'tirsdager', 'onsdager', 'torsdager', 'fredager', 'lørdager', 'søndager'],
    every: 'hver dag',
    weekdays: 'hverdager',
    weekend: 'helger',
    until: 'til og med',
    repeats: 'Gjentas',
  },
  en: {
    one: ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'],
    every: 'every day',
    weekdays: 'weekdays',
    weekend: 'weekends',
    until: 'until',
    repeats: 'Repeats',
  },
} as const;

/**
 * "Gjentas tirsdager 08:00–15:00" / "Repeats Tuesdays 08:00–15:00": the one wording of a schedule,
 * used by the console's note list and banner timeline. `until` is given as the caller formats dates.
 */
export function describeSchedule(s: ScheduleLike, lang: 'nb' | 'en', untilText?: string): string {
  const w = WEEKDAY_NAMES[lang];
  const days = [...s.weekdays].sort((a, b) => a - b);
  const key = days.join('');
  const list =
    key === '1234567'
      ? w.every
      : key === '12345'
        ? w.weekdays
        : key === '67'
          ? w.weekend
          : joinList(
              days.map((d) => w.one[d - 1]),
              lang,
            );
  const until = s.until ? ` ${w.until} ${untilText ?? s.until}` : '';
  return `${w.repeats} ${list} ${s.from}–${s.to}${until}`;
}

function joinList(items: string[], lang: 'nb' | 'en'): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${lang === 'nb' ? 'og' : 'and'} ${items[items.length - 1]}`;
}

export const SCHEDULE_UNTIL_PASSED_MESSAGE = 'The "until" date has passed, so it would never show again';

/**
 * Whether a schedule's inclusive `until` date lies before today (Europe/Oslo) at `now`: such an
 * item never shows again, so a new or changed `until` in the past is refused (issue 31 item 5).
 * The API's note and banner services judge with this, against the server's clock.
 */
export function scheduleUntilPassed(
  s: ScheduleLike | null | undefined,
  now: TimeLike,
  timeZone = TIME_ZONE,
): boolean {
  return Boolean(s?.until) && String(s?.until) < wallClock(now, timeZone).date;
}
