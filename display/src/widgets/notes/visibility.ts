import { isScheduleActive, nextScheduleBoundary } from '@oppslag/common/schedule.ts';
import type { DisplayNote } from '../../api/types';

/**
 * How far ahead of the screen's idea of the server time a start may lie and still count as "now".
 * The offset is learned from HTTP `Date` headers (whole seconds), so it can be half a second off
 * either way; an SMS note's start is the server's "now" and must not wait for that half second
 * (issue 12 item 5). A scheduled note shown up to a second early harms nobody.
 */
export const START_TOLERANCE_MS = 1000;

/**
 * A note shows from its start until its end (spec §4: hidden until start, hidden after end) and,
 * with a repeating schedule, only inside its windows — common's schedule rule, the API's too.
 */
export function isNoteVisible(note: Pick<DisplayNote, 'start' | 'end' | 'schedule'>, now: number): boolean {
  if (note.end !== null && now >= note.end) return false;
  if (note.start > now + START_TOLERANCE_MS) return false;
  return !note.schedule || isScheduleActive(note.schedule, now);
}

/** The next instant a note appears or disappears, so a ticking board knows when things change. */
export function nextVisibilityChange(
  notes: Pick<DisplayNote, 'start' | 'end' | 'schedule'>[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const n of notes) {
    const window = n.schedule ? nextScheduleBoundary(n.schedule, now) : null;
    for (const t of [n.start - START_TOLERANCE_MS, n.end, window]) {
      if (t !== null && t > now && (next === null || t < next)) next = t;
    }
  }
  return next;
}
