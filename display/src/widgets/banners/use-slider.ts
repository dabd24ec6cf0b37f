import { useEffect, useRef, useState } from 'react';
import type { Slide } from '../../api/types';
import { createPausableTimer } from './pausable-timer';
import { slideDurationMs } from './slides';

/**
 * Index of the slide on screen: each shows for its own duration, then the next, looping. The
 * timer pauses while the page is hidden so a slide is never "shown" to nobody.
 */
export function useSlider(slides: Slide[]): number {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const current = count ? index % count : 0;
  const durations = useRef<number[]>([]);
  durations.current = slides.map(slideDurationMs);
  const key = slides.map((s) => s.id).join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the timer when the set of slides changes
  useEffect(() => {
    if (count < 2) return;
    const timer = createPausableTimer();
    timer.start(durations.current[current] ?? durations.current[0], () => setIndex((i) => (i % count) + 1));
    const onVisibility = () => (document.hidden ? timer.pause() : timer.resume());
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      timer.stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [current, count, key]);

  return current;
}
