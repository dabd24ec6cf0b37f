import type { EventType } from '@oppslag/common/events.ts';
import { useCallback, useEffect, useState } from 'react';
import { onRealtimeEvent } from './socket';

/**
 * One entity's rows for a settings card: fetched on mount, and again after a resync or when
 * `event` arrives for this entity. `fetchList` must be stable (a module-level function).
 */
export function useLiveEntityList<T>(
  entityId: number,
  event: EventType,
  fetchList: (entityId: number) => Promise<T[]>,
) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    fetchList(entityId).then(
      (list) => {
        setRows(list);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [entityId, fetchList]);

  useEffect(() => {
    load();
    return onRealtimeEvent((pushed) => {
      if (pushed.type === 'resync' || (pushed.type === event && pushed.entityId === entityId)) load();
    });
  }, [entityId, event, load]);

  return { rows, setRows, failed, load };
}
