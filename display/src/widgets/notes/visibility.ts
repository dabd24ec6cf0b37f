import type { DisplayNote } from '../../api/types';

/** A note shows from its start until its end (spec §4: hidden until start, hidden after end). */
export function isNoteVisible(note: Pick<DisplayNote, 'start' | 'end'>, now: number): boolean {
  return note.start <= now && (note.end === null || now < note.end);
}

/** The next instant a note appears or disappears, so a ticking board knows when things change. */
export function nextVisibilityChange(
  notes: Pick<DisplayNote, 'start' | 'end'>[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const n of notes) {
    for (const t of [n.start, n.end]) {
      if (t !== null && t > now && (next === null || t < next)) next = t;
    }
  }
  return next;
}
