import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW, note, slide } from '../../test-utils';
import { activeSlides, nextSlideBoundary } from '../banners/slides';
import { NoteBoard } from './NoteBoard';
import { nextVisibilityChange } from './visibility';

/**
 * Repeating schedules on the screen (issue 17): the board follows common's rule under a fake clock
 * and switches at the boundary by itself, without a reload or a new answer from the API.
 */
const ids = () => screen.queryAllByTestId('note').map((el) => Number(el.dataset.noteId));

describe('scheduled notes on the board', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows a note in its window and hides it after, by the clock alone', () => {
    vi.setSystemTime(NOW); // Saturday 13:00 in Oslo
    const saturdays = { weekdays: [6], from: '13:01', to: '13:02', until: null };
    render(<NoteBoard notes={[note(1), note(2, { schedule: saturdays })]} background="#eee" />);
    expect(ids()).toEqual([1]);
    expect(nextVisibilityChange([note(2, { schedule: saturdays })], NOW)).toBe(NOW + 60_000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(ids().sort()).toEqual([1, 2]);
    act(() => vi.advanceTimersByTime(60_000));
    expect(ids()).toEqual([1]);
  });

  it('opens a 03:00 window on the spring-forward night at 01:00 UTC', () => {
    const start = Date.parse('2026-03-29T00:59:58Z'); // Sunday 01:59:58 CET
    vi.setSystemTime(start);
    const sundayNight = { weekdays: [7], from: '03:00', to: '04:00', until: null };
    const notes = [note(1, { start: start - 86_400_000, schedule: sundayNight })];
    render(<NoteBoard notes={notes} background="#eee" />);
    expect(ids()).toEqual([]);
    act(() => vi.advanceTimersByTime(2000)); // 02:00 CET is 03:00 CEST
    expect(ids()).toEqual([1]);
    act(() => vi.advanceTimersByTime(3600_000));
    expect(ids()).toEqual([]);
  });
});

describe('scheduled slides', () => {
  it('rotate only inside their window and give the window as the next boundary', () => {
    const weekdays = { weekdays: [1, 2, 3, 4, 5], from: '08:00', to: '15:00', until: null };
    const slides = [slide('a', { schedule: weekdays }), slide('b')];
    const monday9 = Date.parse('2026-11-23T08:00:00Z'); // 09:00 CET
    expect(activeSlides(slides, [], NOW).map((s) => s.id)).toEqual(['b']); // Saturday
    expect(activeSlides(slides, [], monday9).map((s) => s.id)).toEqual(['a', 'b']);
    expect(nextSlideBoundary(slides, NOW)).toBe(Date.parse('2026-11-23T07:00:00Z'));
  });
});
