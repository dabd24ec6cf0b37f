import { describe, expect, it } from 'vitest';
import { compareNotes, noteState } from './notes';

const now = new Date('2026-06-01T12:00:00Z');

describe('noteState', () => {
  it('is scheduled before the start, active between, expired after the end', () => {
    expect(noteState({ date: '2026-06-02T00:00:00Z', end: null }, now)).toBe('scheduled');
    expect(noteState({ date: '2026-05-01T00:00:00Z', end: null }, now)).toBe('active');
    expect(noteState({ date: '2026-05-01T00:00:00Z', end: '2026-06-01T12:00:01Z' }, now)).toBe('active');
    expect(noteState({ date: '2026-05-01T00:00:00Z', end: '2026-06-01T11:59:59Z' }, now)).toBe('expired');
  });

  it('is active from the very instant of its start through the very instant of its end', () => {
    // Spec §4: scheduled while the start is in the future, expired once the end has passed.
    expect(noteState({ date: now, end: null }, now)).toBe('active');
    expect(noteState({ date: '2026-05-01T00:00:00Z', end: now }, now)).toBe('active');
    expect(noteState({ date: now, end: now }, now)).toBe('active');
  });
});

describe('compareNotes', () => {
  it('orders sticky first, then newest date, then higher id', () => {
    const notes = [
      { id: 1, sticky: false, date: '2026-05-01T00:00:00Z' },
      { id: 2, sticky: false, date: '2026-05-03T00:00:00Z' },
      { id: 3, sticky: true, date: '2026-04-01T00:00:00Z' },
      { id: 4, sticky: false, date: '2026-05-03T00:00:00Z' },
    ];
    expect(notes.sort(compareNotes).map((n) => n.id)).toEqual([3, 4, 2, 1]);
  });

  it('puts a newer note with a lower id before an older one with a higher id', () => {
    const notes = [
      { id: 9, sticky: false, date: '2026-05-01T00:00:00Z' },
      { id: 5, sticky: false, date: '2026-05-02T00:00:00Z' },
      { id: 8, sticky: true, date: '2026-04-01T00:00:00Z' },
      { id: 7, sticky: true, date: '2026-04-02T00:00:00Z' },
    ];
    expect(notes.sort(compareNotes).map((n) => n.id)).toEqual([7, 8, 5, 9]);
  });
});
