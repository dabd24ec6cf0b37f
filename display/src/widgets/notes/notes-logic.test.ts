// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { arrangeNotes, reconcileOrder, rotateRegular } from './rotation';
import { sanitizeHtml } from './sanitize';
import { isNoteVisible, nextVisibilityChange } from './visibility';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('note visibility', () => {
  it('hides a note until its start and after its end', () => {
    const note = { start: NOW + 1000, end: NOW + 5000 };
    expect(isNoteVisible(note, NOW)).toBe(false);
    expect(isNoteVisible(note, NOW + 1000)).toBe(true);
    expect(isNoteVisible(note, NOW + 4999)).toBe(true);
    expect(isNoteVisible(note, NOW + 5000)).toBe(false);
  });

  it('shows a note without an end for good once started', () => {
    expect(isNoteVisible({ start: NOW - 1, end: null }, NOW + 10 ** 10)).toBe(true);
  });

  it('finds the next start or end', () => {
    const notes = [
      { start: NOW - 10, end: NOW + 9000 },
      { start: NOW + 3000, end: null },
    ];
    expect(nextVisibilityChange(notes, NOW)).toBe(NOW + 3000);
    expect(nextVisibilityChange(notes, NOW + 3000)).toBe(NOW + 9000);
    expect(nextVisibilityChange(notes, NOW + 9000)).toBeNull();
  });
});

describe('note rotation', () => {
  it('moves the first regular note to the end and leaves sticky ones in place', () => {
    expect(rotateRegular([1, 2, 3, 4], new Set([1]))).toEqual([1, 3, 4, 2]);
    expect(rotateRegular([1, 3, 4, 2], new Set([1]))).toEqual([1, 4, 2, 3]);
  });

  it('does nothing with fewer than two regular notes', () => {
    expect(rotateRegular([1, 2], new Set([1]))).toEqual([1, 2]);
    expect(rotateRegular([1, 2], new Set([1, 2]))).toEqual([1, 2]);
  });

  it('keeps the rotation position when notes go, and puts new ones in front', () => {
    expect(reconcileOrder([3, 4, 2], [{ id: 2 }, { id: 3 }])).toEqual([3, 2]);
    expect(reconcileOrder([3, 4, 2], [{ id: 6 }, { id: 2 }, { id: 3 }, { id: 5 }, { id: 4 }])).toEqual([
      6, 5, 3, 4, 2,
    ]);
  });

  it('puts sticky notes first', () => {
    const notes = [
      { id: 1, sticky: false },
      { id: 2, sticky: true },
      { id: 3, sticky: false },
    ];
    expect(arrangeNotes(notes, [3, 1, 2]).map((n) => n.id)).toEqual([2, 3, 1]);
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
