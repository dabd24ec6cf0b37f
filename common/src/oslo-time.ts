import { TIME_ZONE } from './constants';

/**
 * Europe/Oslo wall-clock time, the one implementation (issue 27 item 8): schedules, quiet hours,
 * the display's night symbols, the worker's forecast days and the API's "today" all read local
 * time here. Every function takes the zone last, defaulting to the product's (`TIME_ZONE`); the
 * display passes its manifest's zone, which is the same.
 *
 * Built on `Intl` (the runtime's IANA zone data: Node's ICU, the display's Chromium) rather than
 * dayjs's timezone plugin, which wraps the same `Intl` data: dayjs parses a wall time that exists
 * twice (02:30 on the fall-back night) as its SECOND occurrence, while a schedule promises the
 * first, and this file needs the instant → wall-clock direction on every player tick, where one
 * cached formatter is cheaper than a dayjs object per call.
 *
 * Wall clock → instant, where the wall clock is not one instant (what Temporal calls "compatible"):
 * - a wall time the spring-forward night skips (02:30 on 29 March 2026) is the instant an hour
 *   later on the wall (03:30 summer time);
 * - a wall time the fall-back night repeats (02:30 on 25 October 2026) is its first occurrence
 *   (summer time).
 */

/** An instant as the callers have it: a `Date`, an ISO string or epoch milliseconds. */
export type TimeLike = Date | string | number;

export const toMs = (t: TimeLike): number =>
  t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t);

/** An instant as read on a wall clock in the zone. */
export interface WallClock {
  year: number;
  /** 1 January … 12 December. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes since local midnight (0–1439); 02:30 on both sides of the fall-back hour is 150. */
  minuteOfDay: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** The local calendar day, `YYYY-MM-DD`. */
  date: string;
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall clock in `timeZone` at instant `at`. */
export function wallClock(at: TimeLike, timeZone: string = TIME_ZONE): WallClock {
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const p of formatter(timeZone).formatToParts(toMs(at))) {
    const v = Number(p.value);
    if (p.type === 'year') year = v;
    else if (p.type === 'month') month = v;
    else if (p.type === 'day') day = v;
    else if (p.type === 'hour') hour = v;
    else if (p.type === 'minute') minute = v;
    else if (p.type === 'second') second = v;
  }
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    minuteOfDay: hour * 60 + minute,
    weekday: weekdayOf(date),
    date,
  };
}

/** Minutes since midnight of a wall-clock time written `HH:MM` ("24:00" is 1440). */
export const clockMinutes = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since local midnight in `timeZone` at `at`. */
export const localMinutes = (at: TimeLike, timeZone: string = TIME_ZONE): number =>
  wallClock(at, timeZone).minuteOfDay;

/** The local calendar day (`YYYY-MM-DD`) of `at`, or the one `days` days after it. */
export const localDate = (at: TimeLike, days = 0, timeZone: string = TIME_ZONE): string =>
  addDays(wallClock(at, timeZone).date, days);

/** A calendar day `days` after `date` (`YYYY-MM-DD`): plain date arithmetic, no zone, no DST. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day `YYYY-MM-DD`. */
export function weekdayOf(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The zone's offset from UTC at instant `t`, in ms (+1 h in Oslo's winter, +2 h in summer). */
function offsetAt(t: number, timeZone: string): number {
  const w = wallClock(t, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (t - (((t % 1000) + 1000) % 1000));
}

const DAY_MS = 86_400_000;

/**
 * The instant of a local wall time: `minuteOfDay` minutes after the start of the calendar day
 * (1440, "24:00", is the next midnight). The offsets a day before and a day after are tried: one
 * that holds is the answer (the earlier of two in the repeated hour); in the skipped hour neither
 * holds, and the offset before the change gives the instant an hour later on the wall.
 */
export function localInstant(
  year: number,
  month: number,
  day: number,
  minuteOfDay: number,
  timeZone: string = TIME_ZONE,
): number {
  const naive = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const before = offsetAt(naive - DAY_MS, timeZone);
  const after = offsetAt(naive + DAY_MS, timeZone);
  const candidates = [naive - before, naive - after].filter(
    (c, i) => offsetAt(c, timeZone) === (i === 0 ? before : after),
  );
  return candidates.length > 0 ? Math.min(...candidates) : naive - before;
}

/** `localInstant` of a calendar day written `YYYY-MM-DD`. */
export function instantOfDate(date: string, minuteOfDay = 0, timeZone: string = TIME_ZONE): number {
  return localInstant(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)),
    Number(date.slice(8, 10)),
    minuteOfDay,
    timeZone,
  );
}

/** Local midnight starting the day of `at`, or the day `days` after it (always 00:00 on the wall). */
export const startOfLocalDay = (at: TimeLike, days = 0, timeZone: string = TIME_ZONE): Date =>
  new Date(instantOfDate(localDate(at, days, timeZone), 0, timeZone));
