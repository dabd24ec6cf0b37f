import { useCallback, useEffect, useRef, useState } from 'react';
import { type DisplayHealth, healthApi } from '../../api/health.api';
import { onRealtimeEvent } from '../../realtime/socket';

/** While a requested screenshot has not arrived, the health is read again this often (besides the push). */
const WAIT_POLL_MS = 1500;
const WAIT_LIMIT_MS = 60_000;

/**
 * A display's health, kept current: read on mount, again when the gateway says the display's
 * health or presence changed, and after a resync. `requestScreenshot` asks the screen for a new
 * picture and waits for it (the `display.health` push, with a slow poll as a safety net).
 */
export function useDisplayHealth(displayId: number) {
  const [health, setHealth] = useState<DisplayHealth | null>(null);
  const [failed, setFailed] = useState(false);
  const [waitingSince, setWaitingSince] = useState<string | null>(null);
  const alive = useRef(true);

  const load = useCallback(
    () =>
      healthApi.get(displayId).then(
        (h) => {
          if (!alive.current) return;
          setHealth(h);
          setFailed(false);
        },
        () => alive.current && setFailed(true),
      ),
    [displayId],
  );

  useEffect(() => {
    alive.current = true;
    void load();
    const off = onRealtimeEvent((event) => {
      if (event.type === 'resync') void load();
      else if (
        (event.type === 'display.health' || event.type === 'display.presence') &&
        event.data.displayId === displayId
      )
        void load();
    });
    return () => {
      alive.current = false;
      off();
    };
  }, [displayId, load]);

  // Waiting ends when a screenshot newer than the request is there.
  const arrived =
    waitingSince !== null && health?.screenshot != null && health.screenshot.takenAt >= waitingSince;
  useEffect(() => {
    if (waitingSince === null) return;
    if (arrived) {
      setWaitingSince(null);
      return;
    }
    const poll = setInterval(() => void load(), WAIT_POLL_MS);
    const limit = setTimeout(() => setWaitingSince(null), WAIT_LIMIT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(limit);
    };
  }, [waitingSince, arrived, load]);

  const requestScreenshot = useCallback(async () => {
    const { requestedAt } = await healthApi.requestScreenshot(displayId);
    setWaitingSince(requestedAt);
  }, [displayId]);

  return { health, failed, waiting: waitingSince !== null && !arrived, requestScreenshot, reload: load };
}
