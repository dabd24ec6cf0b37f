import { TIME_ZONE } from '@oppslag/common/constants.ts';
import { compareNotes } from '@oppslag/common/notes.ts';
import { sanitizeRichTextDom } from '@oppslag/common/rich-text.ts';
import type { Note } from '@oppslag/common/schemas/note.ts';
import dayjs from 'dayjs';
import '../../lib/dates';

/** Board order (spec §2), the one rule in common: pinned first, newest start, higher id. */
export function sortNotes(notes: readonly Note[]): Note[] {
  return [...notes].sort(compareNotes);
}

/** `YYYY-MM-DD` of an instant in Oslo. */
export const osloDay = (instant: string | Date) => dayjs(instant).tz(TIME_ZONE).format('YYYY-MM-DD');

/** A picked start day: that day's midnight in Oslo, as an ISO instant. */
export const startOfDay = (day: string) => dayjs.tz(day, TIME_ZONE).toISOString();

/** A picked last day: the note runs to the end of it, i.e. the next midnight in Oslo. */
export const endOfDay = (day: string) => dayjs.tz(day, TIME_ZONE).add(1, 'day').toISOString();

/**
 * The last day a stored end stands for: an end at midnight is shown as the previous day
 * (spec §2), any other end as its own day.
 */
export function lastDay(end: string): string {
  const t = dayjs(end).tz(TIME_ZONE);
  const midnight = t.hour() === 0 && t.minute() === 0 && t.second() === 0;
  return (midnight ? t.subtract(1, 'day') : t).format('YYYY-MM-DD');
}

/**
 * Note text is rich text from the editor (or plain text from an SMS), rendered after the allow-list
 * every part shares (common `rich-text.ts`): the editor's formats survive, everything else
 * (scripts, attributes, links, images) is dropped, its text kept.
 */
export const sanitizeNoteHtml = sanitizeRichTextDom;

/** Whether the editor holds no text at all (an empty paragraph counts as empty). */
export const isEmptyHtml = (html: string) =>
  sanitizeNoteHtml(html)
    .replace(/<[^>]+>/g, '')
    .trim() === '';

export type SaveState = 'empty' | 'new' | 'unsaved' | 'saved';

/** The save-state line of the note dialog: Empty note, New, unsaved note, Unsaved changes, Saved. */
export function saveState(isNew: boolean, text: string, dirty: boolean): SaveState {
  if (isEmptyHtml(text)) return 'empty';
  if (isNew) return 'new';
  return dirty ? 'unsaved' : 'saved';
}
