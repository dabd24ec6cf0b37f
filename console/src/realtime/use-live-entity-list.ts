import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryClient } from '../api/query-client';

/**
 * One entity's rows for a settings card, from the query cache: fetched on first use, and again
 * when the event table (query-events.ts) marks the key stale (its event for this entity, a
 * resync). `order` sorts what is shown (stable: a module-level function).
 */
export function useLiveEntityList<T, K extends QueryKey>(
  query: UseQueryOptions<T[], Error, T[], K>,
  order?: (rows: T[]) => T[],
) {
  const { queryKey } = query;
  const result = useQuery({ ...query, select: order }, queryClient);

  /** A change made here, applied to the cached rows at once (the event confirms it later). */
  const setRows = useCallback(
    (fn: (rows: T[] | null) => T[] | null) =>
      queryClient.setQueryData<T[]>(queryKey, (rows) => fn(rows ?? null) ?? undefined),
    [queryKey],
  );
  const load = useCallback(() => void queryClient.invalidateQueries({ queryKey, exact: true }), [queryKey]);

  return { rows: result.data ?? null, setRows, failed: result.isError, load };
}
