import { contract } from '@oppslag/common/contract/index.ts';
import type { HistoryKind } from '@oppslag/common/schemas/history.ts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import type { TemplateCategoryFilter } from './templates.api';
import { call } from './typed-client';

/**
 * Queries a screen reads while it is open, over the typed client. Unlike api/queries.ts no pushed
 * event keeps these current, so they use the cache's default (stale at once: fetched again when a
 * screen mounts, as the components' own fetches were), with a refresh interval where the
 * figures move on their own (delivery).
 */

export const masterQuery = queryOptions({
  queryKey: queryKeys.master,
  queryFn: () => call(contract.admin.master),
});

export const entityQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.entity(id),
    queryFn: () => call(contract.entities.get, { params: { id } }),
  });

/** Keyed by the entity's updatedAt: the answer carries the caps, so a saved cap reads it again. */
export const smsUsageQuery = (id: number, entityUpdatedAt: string) =>
  queryOptions({
    queryKey: queryKeys.smsUsage(id, entityUpdatedAt),
    queryFn: () => call(contract.entities.smsUsage, { params: { id } }),
  });

/** Delivery is read again every REFRESH_MS while shown: displays report in the meantime. */
export const deliveryQuery = (entityId: number, kind: 'note' | 'banner', itemId: number, refreshMs: number) =>
  queryOptions({
    queryKey: queryKeys.delivery(entityId, kind, itemId),
    queryFn: () =>
      kind === 'note'
        ? call(contract.health.noteDelivery, { params: { entityId, noteId: itemId } })
        : call(contract.health.bannerDelivery, { params: { entityId, contentId: itemId } }),
    refetchInterval: refreshMs,
  });

export const builtInTemplatesQuery = (category: NonNullable<TemplateCategoryFilter>) =>
  queryOptions({
    queryKey: queryKeys.builtInTemplates(category),
    queryFn: () => call(contract.templates.list, { query: { category } }),
    select: (answer) => answer.templates,
  });

/**
 * Search results do not change within a session: kept per query (spec §4), case and surrounding
 * space aside, so retyping or reopening the dialog answers at once.
 */
export const stopSearchQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.stopSearch(q.trim().toLocaleLowerCase('nb')),
    queryFn: ({ signal }) => call(contract.transit.search, { query: { q }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const assetQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.asset(id),
    queryFn: () => call(contract.assets.get, { params: { id } }),
    select: (answer) => answer.asset,
  });

/** The change history, a page at a time (each page names the cursor of the next). */
export const historyQuery = (entityId: number | null, kind?: HistoryKind, userId?: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.history(entityId, kind, userId),
    // 0: the first page (cursors are ids, never 0).
    initialPageParam: 0,
    queryFn: ({ pageParam }) => {
      const query = {
        ...(kind ? { kind } : {}),
        ...(userId ? { userId: String(userId) } : {}),
        ...(pageParam ? { cursor: String(pageParam) } : {}),
      };
      return entityId === null
        ? call(contract.history.all, { query })
        : call(contract.history.entity, { params: { id: entityId }, query });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
