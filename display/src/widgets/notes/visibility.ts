import type { DisplayNote } from '../../api/types';

/**
 * How far ahead of the screen's idea of the server time a start may lie and still count as "now".
 * The offset is learned from HTTP `Date` headers (whole seconds), so it can be half a second off
 * either way; an SMS note's start is the server's "now" and must not wait for that half second
 * (issue 12 item 5). A scheduled note shown up to a second early harms nobody.
 */
export const START_TOLERANCE_MS = 1000;

/** A note shows from its start until its end (spec §4: hidden until start, hidden after end). */
export function isNoteVisible(note: Pick<DisplayNote, 'start' | 'end'>, now: number): boolean {
  return note.start <= now + START_TOLERANCE_MS && (note.end === null || now < note.end);
}

/** The next instant a note appears or disappears, so a ticking board knows when things change. */
export function nextVisibilityChange(
  notes: Pick<DisplayNote, 'start' | 'end'>[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const n of notes) {
    for (const t of [n.start - START_TOLERANCE_MS, n.end]) {
      if (t !== null && t > now && (next === null || t < next)) next = t;
    }
  }
  return next;
}
