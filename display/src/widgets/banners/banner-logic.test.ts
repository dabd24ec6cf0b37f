import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Slide } from '../../api/types';
import { createPausableTimer, TIMER_STEP_MS } from './pausable-timer';
import { activeSlides, DEFAULT_SLIDE_MS, isSlideActive, nextSlideBoundary, slideDurationMs } from './slides';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const slide = (
  id: string,
  start: number | null,
  end: number | null,
  duration: number | null = null,
): Slide => ({
  id,
  kind: 'image',
  imageUrl: `/x/${id}.png`,
  html: null,
  fontColor: null,
  start,
  end,
  duration,
});

describe('slide activity', () => {
  it('is active from start to end inclusive', () => {
    expect(isSlideActive(slide('a', NOW, NOW + 10), NOW)).toBe(true);
    expect(isSlideActive(slide('a', NOW - 10, NOW), NOW)).toBe(true);
    expect(isSlideActive(slide('a', NOW + 1, NOW + 10), NOW)).toBe(false);
    expect(isSlideActive(slide('a', NOW - 10, NOW - 1), NOW)).toBe(false);
    expect(isSlideActive(slide('a', null, null), NOW)).toBe(true);
  });

  it('uses only active slides, and the fallback when none is active', () => {
    const slides = [
      slide('past', NOW - 100, NOW - 1),
      slide('now', NOW - 1, NOW + 100),
      slide('soon', NOW + 5, null),
    ];
    const fallback = [slide('fb', null, null)];
    expect(activeSlides(slides, fallback, NOW).map((s) => s.id)).toEqual(['now']);
    expect(activeSlides(slides, fallback, NOW + 101).map((s) => s.id)).toEqual(['soon']);
    expect(activeSlides(slides.slice(0, 1), fallback, NOW).map((s) => s.id)).toEqual(['fb']);
    expect(activeSlides([], [], NOW)).toEqual([]);
  });

  it('shows a slide for its duration in seconds, 7.5 s by default', () => {
    expect(slideDurationMs(slide('a', null, null, 12))).toBe(12_000);
    expect(slideDurationMs(slide('a', null, null, null))).toBe(DEFAULT_SLIDE_MS);
    expect(DEFAULT_SLIDE_MS).toBe(7500);
  });

  it('knows when the active set changes next', () => {
    const slides = [slide('a', NOW + 50, NOW + 100)];
    expect(nextSlideBoundary(slides, NOW)).toBe(NOW + 50);
    expect(nextSlideBoundary(slides, NOW + 50)).toBe(NOW + 101);
  });
});

describe('pausable timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after the duration in 250 ms steps', () => {
    const done = vi.fn();
    const timer = createPausableTimer();
    timer.start(1000, done);
    vi.advanceTimersByTime(750);
    expect(timer.elapsed).toBe(750);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TIMER_STEP_MS);
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('keeps its elapsed time while paused and continues after resume', () => {
    const done = vi.fn();
    const timer = createPausableTimer();
    timer.start(1000, done);
    vi.advanceTimersByTime(500);
    timer.pause();
    vi.advanceTimersByTime(10_000);
    expect(timer.paused).toBe(true);
    expect(timer.elapsed).toBe(500);
    expect(done).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(500);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped', () => {
    const done = vi.fn();
    const timer = createPausableTimer();
    timer.start(500, done);
    timer.stop();
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
  });
});
