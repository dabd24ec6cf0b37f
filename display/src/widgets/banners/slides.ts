import { isShowing, nextShowingChange } from '@oppslag/common/schedule.ts';
import type { Slide } from '../../api/types';

/** Slider speed when a slide has no duration (spec §9). */
export const DEFAULT_SLIDE_MS = 7500;

/**
 * Active: start at or before now and end at or after now (spec §4), missing bounds open, and inside
 * a window of its repeating schedule when it has one.
 */
export function isSlideActive(slide: Pick<Slide, 'start' | 'end' | 'schedule'>, now: number): boolean {
  // common's rule (period and repeating schedule); a missing start is open.
  return isShowing({ start: slide.start ?? now, end: slide.end, schedule: slide.schedule }, now);
}

/** The slides to rotate now: the active ones, or the active fallback slides when none is. */
export function activeSlides(slides: Slide[], fallback: Slide[], now: number): Slide[] {
  const active = slides.filter((s) => isSlideActive(s, now));
  if (active.length) return active;
  return fallback.filter((s) => isSlideActive(s, now));
}

/** How long a slide stays: its duration in seconds × 1000, else the default. */
export const slideDurationMs = (slide: Pick<Slide, 'duration'>) =>
  slide.duration && slide.duration > 0 ? slide.duration * 1000 : DEFAULT_SLIDE_MS;

/** The next instant the active set can change (a start or end passes). */
export function nextSlideBoundary(slides: Slide[], now: number): number | null {
  let next: number | null = null;
  for (const s of slides) {
    const candidates = [nextShowingChange({ start: s.start ?? now, end: s.end, schedule: s.schedule }, now)];
    for (const t of candidates) if (t !== null && t > now && (next === null || t < next)) next = t;
  }
  return next;
}
