import { TIME_ZONE } from '@oppslag/common';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Midnight of the current day in the product's time zone (Europe/Oslo), as an instant. */
export const startOfToday = (now: Date): Date => dayjs(now).tz(TIME_ZONE).startOf('day').toDate();

/** Midnight `days` days after today's midnight, in Europe/Oslo (so DST changes keep it at 00:00). */
export const midnightInDays = (now: Date, days: number): Date =>
  dayjs(now).tz(TIME_ZONE).startOf('day').add(days, 'day').toDate();
