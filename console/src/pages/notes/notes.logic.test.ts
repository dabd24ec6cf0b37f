// @vitest-environment jsdom
import type { Note } from '@oppslag/common/schemas/note.ts';
import { describe, expect, it } from 'vitest';
import { endOfDay, lastDay, sanitizeNoteHtml, saveState, sortNotes, startOfDay } from './notes.logic';

const note = (id: number, date: string, sticky = false) => ({ id, date, sticky }) as Note;

describe('notes logic', () => {
  it('sorts pinned first, then newest date, then higher id', () => {
    const sorted = sortNotes([
      note(1, '2026-05-01T10:00:00Z'),
      note(2, '2026-05-03T10:00:00Z'),
      note(3, '2026-04-01T10:00:00Z', true),
      note(4, '2026-05-03T10:00:00Z'),
    ]);
    expect(sorted.map((n) => n.id)).toEqual([3, 4, 2, 1]);
  });

  it('stores picked days as Oslo midnights and shows a midnight end as the previous day', () => {
    expect(startOfDay('2026-06-15')).toBe('2026-06-14T22:00:00.000Z');
    expect(endOfDay('2026-06-15')).toBe('2026-06-15T22:00:00.000Z');
    expect(lastDay(endOfDay('2026-06-15'))).toBe('2026-06-15');
    expect(lastDay('2026-06-15T10:00:00Z')).toBe('2026-06-15');
    expect(lastDay(endOfDay('2026-01-31'))).toBe('2026-01-31');
  });

  it('keeps only the editor formats when rendering note text', () => {
    expect(sanitizeNoteHtml('<p><strong>Dugnad</strong> <em>lørdag</em><script>alert(1)</script></p>')).toBe(
      '<p><strong>Dugnad</strong> <em>lørdag</em></p>',
    );
    expect(
      sanitizeNoteHtml(
        '<h1 onclick="x()">Tittel</h1><img src=x onerror=alert(1)><a href="javascript:x">lenke</a>',
      ),
    ).toBe('<h1>Tittel</h1>lenke');
    expect(sanitizeNoteHtml('Vannet stenges 1 < 2')).toBe('Vannet stenges 1 &lt; 2');
  });

  it('names the save state', () => {
    expect(saveState(true, '<p></p>', false)).toBe('empty');
    expect(saveState(true, '<p>Hei</p>', true)).toBe('new');
    expect(saveState(false, '<p>Hei</p>', true)).toBe('unsaved');
    expect(saveState(false, '<p>Hei</p>', false)).toBe('saved');
  });
});
