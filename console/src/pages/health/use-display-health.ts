import { contract } from '@oppslag/common/contract/index.ts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { displayHealthQuery } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { call } from '../../api/typed-client';

/** While a requested screenshot has not arrived, the health is read again this often (besides the push). */
const WAIT_POLL_MS = 1500;
const WAIT_LIMIT_MS = 60_000;

/**
 * A display's health, kept current: read on first use, again when the gateway says the display's
 * health or presence changed, and after a resync (the query cache's event table). `requestScreenshot` asks the screen for a new
 * picture and waits for it (the `display.health` push, with a slow poll as a safety net).
 */
export function useDisplayHealth(displayId: number) {
  const query = useQuery(displayHealthQuery(displayId), queryClient);
  const health = query.data ?? null;
  const failed = query.isError;
  const [waitingSince, setWaitingSince] = useState<string | null>(null);
  // The health and presence pushes and a resync refetch it (realtime/query-events.ts).
  const { refetch } = query;
  const load = useCallback(() => void refetch(), [refetch]);

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
    const { requestedAt } = await call(contract.health.requestScreenshot, { params: { id: displayId } });
    setWaitingSince(requestedAt);
  }, [displayId]);

  return { health, failed, waiting: waitingSince !== null && !arrived, requestScreenshot, reload: load };
}
