import { TIME_ZONE } from '@oppslag/common/constants.ts';
import type { Note } from '@oppslag/common/schemas/note.ts';
import dayjs from 'dayjs';
import '../../lib/dates';

/** Pinned notes first, then newest start date first; ties broken by the higher id (spec §2). */
export function sortNotes(notes: readonly Note[]): Note[] {
  return [...notes].sort(
    (a, b) => Number(b.sticky) - Number(a.sticky) || Date.parse(b.date) - Date.parse(a.date) || b.id - a.id,
  );
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

const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'S',
  'STRIKE',
  'U',
  'H1',
  'H2',
  'UL',
  'OL',
  'LI',
]);

/**
 * Note text is rich text from the editor (or plain text from an SMS). Only the formatting tags the
 * editor produces survive; everything else (scripts, attributes, links, images) is dropped, its
 * text kept.
 */
export function sanitizeNoteHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return escapeText(node.textContent ?? '');
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const el = node as Element;
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') return '';
    const inner = [...el.childNodes].map(clean).join('');
    if (!ALLOWED.has(el.tagName)) return inner;
    const tag = el.tagName.toLowerCase();
    return tag === 'br' ? '<br>' : `<${tag}>${inner}</${tag}>`;
  };
  return [...doc.body.childNodes].map(clean).join('');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

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
