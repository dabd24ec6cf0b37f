import { z } from 'zod';
import { TIME_ZONE } from './constants';
import { withFieldCode } from './errors';
import { clockMinutes, localMinutes } from './oslo-time';

/** A wall-clock time "HH:MM" (24 h). */
export const clockTimeSchema = z
  .string({ error: 'Time must be a string' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be written as HH:MM (00:00–23:59)');

export const QUIET_HOURS_MODES = ['blank', 'dim', 'off'] as const;
export type QuietHoursMode = (typeof QUIET_HOURS_MODES)[number];

/**
 * Quiet hours of an entity: the screen blanks or dims from `start` to `end` (local time of the
 * product's zone; a window may run across midnight). `off` switches inherited quiet hours off
 * below an ancestor that has them; no setting (null) inherits.
 */
export const quietHoursSchema = z
  .strictObject({
    start: clockTimeSchema,
    end: clockTimeSchema,
    mode: z.enum(QUIET_HOURS_MODES, { error: 'Mode must be blank, dim or off' }),
  })
  // Start == end is an empty window (never quiet): refused as a setting, so a save means something.
  .refine((q) => q.mode === 'off' || q.start !== q.end, {
    message: 'Quiet hours must end at another time than they start',
    path: ['end'],
    ...withFieldCode('same_as_start'),
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/**
 * THE quiet-hours rule, used by the player (blank/dim) and the worker (no "dark screen" SMS in
 * quiet hours): whether `at` lies inside the window in the product's time zone. The window is read
 * on the wall clock, so 23:00–06:00 means the same hours in winter and summer time; start > end
 * wraps past midnight; start == end is an empty window; mode `off` (or no setting) is never quiet.
 */
export function inQuietHours(
  quiet: QuietHours | null | undefined,
  at: Date,
  timeZone: string = TIME_ZONE,
): boolean {
  if (!quiet || quiet.mode === 'off') return false;
  const start = clockMinutes(quiet.start);
  const end = clockMinutes(quiet.end);
  if (start === end) return false;
  const now = localMinutes(at, timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The quiet hours in force on an entity: its own setting, else the nearest ancestor's (chain: entity first). */
export function resolveQuietHours(chain: readonly { quietHours?: QuietHours | null }[]): QuietHours | null {
  for (const entity of chain) {
    const own = entity.quietHours;
    if (own) return own.mode === 'off' ? null : own;
  }
  return null;
}
