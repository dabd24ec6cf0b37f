import { isShowing, nextScheduleBoundary } from '@oppslag/common/schedule.ts';
import type { DisplayNote } from '../../api/types';

/**
 * A note shows from its start until its end (spec §4: hidden until start, hidden after end) and,
 * with a repeating schedule, only inside its windows — common's `isShowing`, the API's rule too.
 */
export function isNoteVisible(note: Pick<DisplayNote, 'start' | 'end' | 'schedule'>, now: number): boolean {
  if (note.end !== null && now >= note.end) return false;
  return isShowing(note, now);
}

/** The next instant a note appears or disappears, so a ticking board knows when things change. */
export function nextVisibilityChange(
  notes: Pick<DisplayNote, 'start' | 'end' | 'schedule'>[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const n of notes) {
    const window = n.schedule ? nextScheduleBoundary(n.schedule, now) : null;
    for (const t of [n.start, n.end, window]) {
      if (t !== null && t > now && (next === null || t < next)) next = t;
    }
  }
  return next;
}
