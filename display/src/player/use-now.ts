import { useEffect, useState, useSyncExternalStore } from 'react';
import { clockOffset, subscribeClock } from './server-clock';

/**
 * The current time by the server's clock (see server-clock.ts), refreshed every `intervalMs` (the
 * clock uses 5 s, slides 1 s) and at once when the learned clock offset moves, so the clock,
 * weather day, departures and slide schedules never follow a device clock set wrong.
 */
export function useNow(intervalMs: number): number {
  const offset = useSyncExternalStore(subscribeClock, clockOffset);
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setDeviceNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return deviceNow + offset;
}
