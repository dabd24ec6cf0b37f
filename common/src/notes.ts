import { isScheduleOver } from './schedule';

/**
 * Note icons of content spec §2. The ids are stable (stored in the database and sent to displays);
 * each maps to a Material Symbols glyph name the console and player render.
 */
export const NOTE_ICONS = [
  'priority_high',
  'comment',
  'thumb_up',
  'thumb_down',
  'parking',
  'warning',
  'smiley',
  'group',
  'build',
  'error',
  'gavel',
  'alarm',
  'settings',
  'information',
] as const;
export type NoteIcon = (typeof NOTE_ICONS)[number];

/** The glyph each icon id is drawn with (Material Symbols names). */
export const NOTE_ICON_GLYPHS = {
  priority_high: 'priority_high',
  comment: 'comment',
  thumb_up: 'thumb_up',
  thumb_down: 'thumb_down',
  parking: 'local_parking',
  warning: 'warning',
  smiley: 'sentiment_satisfied',
  group: 'group',
  build: 'build',
  error: 'error',
  gavel: 'gavel',
  alarm: 'alarm',
  settings: 'settings',
  information: 'info_i',
} as const satisfies Record<NoteIcon, string>;

export const DEFAULT_NOTE_ICON: NoteIcon = 'information';

export const NOTE_STATES = ['scheduled', 'active', 'expired'] as const;
export type NoteState = (typeof NOTE_STATES)[number];

type DateLike = Date | string | number;
const ms = (d: DateLike) => (d instanceof Date ? d.getTime() : new Date(d).getTime());

/**
 * Timing state of a note (spec §4): scheduled while the start is in the future, expired once the
 * end has passed — or its repeating schedule has no window left — active otherwise. An active
 * note with a schedule shows only inside its windows (`isShowing` in schedule.ts).
 */
export function noteState(
  note: { date: DateLike; end?: DateLike | null; schedule?: Parameters<typeof isScheduleOver>[0] | null },
  now: DateLike = Date.now(),
): NoteState {
  const t = ms(now);
  if (ms(note.date) > t) return 'scheduled';
  if (note.end != null && ms(note.end) < t) return 'expired';
  if (note.schedule && isScheduleOver(note.schedule, t)) return 'expired';
  return 'active';
}

/**
 * Board order (spec §2): sticky notes first, then newest start date, ties broken by higher id.
 * Returns a negative number when `a` comes first, as Array.prototype.sort expects.
 */
export function compareNotes(
  a: { sticky: boolean; date: DateLike; id: number },
  b: { sticky: boolean; date: DateLike; id: number },
): number {
  if (a.sticky !== b.sticky) return a.sticky ? -1 : 1;
  const byDate = ms(b.date) - ms(a.date);
  return byDate !== 0 ? byDate : b.id - a.id;
}
