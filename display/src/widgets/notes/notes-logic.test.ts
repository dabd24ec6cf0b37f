// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { paginate, readingMs, SLICE_OVERLAP_PX, wordCount } from './pages';
import { sanitizeHtml } from './sanitize';
import { isNoteVisible, nextVisibilityChange, START_TOLERANCE_MS } from './visibility';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('note visibility', () => {
  it('hides a note until its start (less the clock tolerance) and after its end', () => {
    const note = { start: NOW + 5000, end: NOW + 9000 };
    expect(isNoteVisible(note, NOW + 5000 - START_TOLERANCE_MS - 1)).toBe(false);
    expect(isNoteVisible(note, NOW + 5000 - START_TOLERANCE_MS)).toBe(true);
    expect(isNoteVisible(note, NOW + 8999)).toBe(true);
    expect(isNoteVisible(note, NOW + 9000)).toBe(false);
  });

  it('shows a note whose start is "now" on the server even when the screen is half a second behind', () => {
    expect(START_TOLERANCE_MS).toBeGreaterThanOrEqual(500);
    expect(isNoteVisible({ start: NOW + 500, end: null }, NOW)).toBe(true);
  });

  it('shows a note without an end for good once started', () => {
    expect(isNoteVisible({ start: NOW - 1, end: null }, NOW + 10 ** 10)).toBe(true);
  });

  it('finds the next start or end', () => {
    const notes = [
      { start: NOW - 10, end: NOW + 9000 },
      { start: NOW + 3000, end: null },
    ];
    expect(nextVisibilityChange(notes, NOW)).toBe(NOW + 3000 - START_TOLERANCE_MS);
    expect(nextVisibilityChange(notes, NOW + 3000 - START_TOLERANCE_MS)).toBe(NOW + 9000);
    expect(nextVisibilityChange(notes, NOW + 9000)).toBeNull();
  });
});

describe('note pages', () => {
  const m = (id: number, height: number, words = 10) => ({ id, height, words });
  const ids = (pages: ReturnType<typeof paginate>) =>
    pages.map((p) => p.items.map((i) => (i.slice ? `${i.id}:${i.slice.index + 1}/${i.slice.count}` : i.id)));

  it('packs the notes in board order into pages that fit the board, sticky ones included', () => {
    // Board 300 px, gap 10: 140 + 10 + 140 = 290 fits, a third does not.
    const pages = paginate([m(1, 140), m(2, 140), m(3, 140), m(4, 100), m(5, 100)], 300, 10);
    expect(ids(pages)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('shows every note on some page (four sticky notes filling the board do not hide the rest)', () => {
    const notes = [
      ...[1, 2, 3, 4].map((id) => m(id, 260)),
      ...Array.from({ length: 10 }, (_, i) => m(10 + i, 120)),
    ];
    const shown = paginate(notes, 555, 10).flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(shown)).toEqual(new Set(notes.map((n) => n.id)));
  });

  it('cuts a note taller than the board into overlapping windows that cover it whole', () => {
    const pages = paginate([m(1, 100), m(2, 700, 120), m(3, 100)], 300, 10);
    expect(ids(pages)).toEqual([[1], ['2:1/3', '2:2/3', '2:3/3'], [3]].flat().map((x) => [x]));
    const windows = pages.slice(1, 4).map((p) => p.items[0].slice!);
    expect(windows.map((w) => w.offset)).toEqual([0, 300 - SLICE_OVERLAP_PX, 400]);
    // Each window starts before the previous one ends, and the last one reaches the note's end.
    for (let i = 1; i < windows.length; i++)
      expect(windows[i].offset).toBeLessThan(windows[i - 1].offset + 300);
    expect(windows.at(-1)!.offset + 300).toBe(700);
  });

  it('puts at most maxPerPage notes on a page (large print)', () => {
    expect(ids(paginate([m(1, 10), m(2, 10), m(3, 10), m(4, 10)], 1000, 10, 3))).toEqual([[1, 2, 3], [4]]);
  });

  it('is one page before the board is measured', () => {
    expect(ids(paginate([m(1, 0), m(2, 0)], 0, 10))).toEqual([[1, 2]]);
    expect(paginate([], 300, 10)).toEqual([]);
  });

  it('gives a page time to read its words: 150 a minute, 8 s to 45 s', () => {
    expect(readingMs(0)).toBe(8000);
    expect(readingMs(30)).toBe(3000 + 30 * 400);
    expect(readingMs(1000)).toBe(45_000);
    const [short, long] = paginate([m(1, 100, 5), m(2, 400, 60)], 300 + 110, 10);
    expect(short.ms).toBe(8000);
    expect(long.ms).toBe(27_000);
  });

  it('counts the words of a note, not its markup', () => {
    expect(wordCount('<h2>Dugnad lørdag</h2><p>Ta med&nbsp;hansker!</p>')).toBe(5);
    expect(wordCount('<p></p>')).toBe(0);
  });
});

describe('rich text filter', () => {
  it('keeps the editor formats and drops scripts, handlers and links', () => {
    const html =
      '<h1 onclick="x()">Vask</h1><p><strong>Tirsdag</strong> <em>kl</em> <u>9</u> <s>8</s></p><ul><li>a</li></ul><script>alert(1)</script><a href="javascript:x">lenke</a><img src=x onerror=alert(1)>';
    expect(sanitizeHtml(html)).toBe(
      '<h1>Vask</h1><p><strong>Tirsdag</strong> <em>kl</em> <u>9</u> <s>8</s></p><ul><li>a</li></ul>lenke',
    );
  });

  it('escapes text', () => {
    expect(sanitizeHtml('a &lt;b&gt; 😀')).toBe('a &lt;b&gt; 😀');
  });
});
