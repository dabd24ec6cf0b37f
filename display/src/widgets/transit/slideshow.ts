export type SlideRole = 'current' | 'next' | 'previous' | 'hidden';

/**
 * Where slide `index` sits relative to the current one in a looping slideshow: the one after
 * the current is `next`, the one before it `previous`; with two slides the other one is `next`.
 */
export function slideRole(index: number, current: number, count: number): SlideRole {
  if (count <= 0) return 'hidden';
  if (index === current) return 'current';
  if (count === 1) return 'hidden';
  if (index === (current + 1) % count) return 'next';
  if (index === (current - 1 + count) % count) return 'previous';
  return 'hidden';
}

/** Index after `current`, wrapping; 0 for an empty or single list. */
export const nextIndex = (current: number, count: number) => (count <= 1 ? 0 : (current + 1) % count);
