/** Step of the pausable timer (spec §9). */
export const TIMER_STEP_MS = 250;

export interface PausableTimer {
  /** Starts counting towards `durationMs`; calls `onDone` once when it is reached. */
  start(durationMs: number, onDone: () => void): void;
  pause(): void;
  resume(): void;
  stop(): void;
  readonly elapsed: number;
  readonly paused: boolean;
}

/**
 * A countdown that advances in 250 ms steps only while not paused, so a paused slide keeps the
 * time it already had when it resumes.
 */
export function createPausableTimer(step = TIMER_STEP_MS): PausableTimer {
  let handle: ReturnType<typeof setInterval> | null = null;
  let elapsed = 0;
  let paused = false;
  let target = 0;
  let done: (() => void) | null = null;

  const clear = () => {
    if (handle !== null) clearInterval(handle);
    handle = null;
  };
  const tick = () => {
    if (paused) return;
    elapsed += step;
    if (elapsed >= target) {
      clear();
      const cb = done;
      done = null;
      cb?.();
    }
  };

  return {
    start(durationMs, onDone) {
      clear();
      elapsed = 0;
      target = durationMs;
      done = onDone;
      handle = setInterval(tick, step);
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    stop() {
      clear();
      done = null;
    },
    get elapsed() {
      return elapsed;
    },
    get paused() {
      return paused;
    },
  };
}
