/**
 * The server's time as the screen knows it (issue 12 item 4). A stairwell PC's clock drifts or is
 * set hours off; what is shown (note start and end, the clock, today's weather) follows the
 * server's clock instead: `serverNow()` is the device clock plus the offset learned from the
 * server's answers (`observeServerDate`, the HTTP `Date` header, NTP-style with half the round
 * trip). Until an answer arrives the offset is 0, i.e. the device clock.
 */
let offsetMs = 0;
let known = false;
const listeners = new Set<() => void>();

/** Below this the offset is left alone: `Date` has whole seconds, so smaller moves are noise. */
const SETTLE_MS = 1000;

export const serverNow = (): number => Date.now() + offsetMs;
export const clockOffset = (): number => offsetMs;

/**
 * An answer's `Date` (whole seconds) seen between `sentAt` and `receivedAt` (device ms). The
 * server stamped it somewhere in that second; its middle against the middle of the round trip is
 * the offset. Only moves of a second or more replace a known offset (a `Date` header cannot be
 * finer), so the board does not jitter with every answer.
 */
export function observeServerDate(header: string | null, sentAt: number, receivedAt: number): void {
  if (!header) return;
  const stamped = Date.parse(header);
  if (Number.isNaN(stamped)) return;
  const next = stamped + 500 - (sentAt + receivedAt) / 2;
  if (known && Math.abs(next - offsetMs) < SETTLE_MS) return;
  setOffset(next);
}

/** Sets the offset outright (tests, and a precise time from the gateway). */
export function setOffset(ms: number): void {
  known = true;
  if (ms === offsetMs) return;
  offsetMs = ms;
  for (const l of listeners) l();
}

/** For `useSyncExternalStore`: components that draw time re-render when the offset moves. */
export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to the device clock (tests). */
export function resetClock(): void {
  known = false;
  setOffset(0);
  known = false;
}
