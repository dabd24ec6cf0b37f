import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import { queryOptions } from '@tanstack/react-query';
import { adminApi } from './admin.api';
import { alertsApi } from './alerts.api';
import { autoApproveApi } from './auto-approve.api';
import { contentApi } from './content.api';
import { entitiesApi } from './entities.api';
import { healthApi } from './health.api';
import { notesApi } from './notes.api';
import { queryKeys } from './query-keys';
import { transitApi } from './transit.api';
import { usersApi } from './users.api';

/**
 * The queries of the per-entity resources over the typed client. Everything here is kept
 * current by the socket (realtime/query-events.ts invalidates exactly the affected keys, a resync
 * all of them), so a query is fetched again only when an event or a change made here says so.
 * (Entities, members and the profile live beside their client state in state/.)
 */
const LIVE = { staleTime: Number.POSITIVE_INFINITY } as const;

export const notesQuery = (entityId: number) =>
  queryOptions({ queryKey: queryKeys.notes(entityId), queryFn: () => notesApi.list(entityId), ...LIVE });

export const contentQuery = (entityId: number, slot: ContentSlot, templates: boolean) =>
  queryOptions({
    queryKey: queryKeys.content(entityId, slot, templates),
    queryFn: () => contentApi.list(entityId, slot, templates),
    ...LIVE,
  });

export const alertsQuery = (entityId: number) =>
  queryOptions({ queryKey: queryKeys.alerts(entityId), queryFn: () => alertsApi.list(entityId), ...LIVE });

export const autoApproveNumbersQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.autoApproveNumbers(entityId),
    queryFn: () => autoApproveApi.list(entityId),
    ...LIVE,
  });

export const transitStopsQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.transitStops(entityId),
    queryFn: () => transitApi.list(entityId),
    ...LIVE,
  });

export const displayHealthQuery = (displayId: number) =>
  queryOptions({
    queryKey: queryKeys.displayHealth(displayId),
    queryFn: () => healthApi.get(displayId),
    ...LIVE,
  });

export const adminDisplaysQuery = queryOptions({
  queryKey: queryKeys.adminDisplays,
  queryFn: () => adminApi.displays(),
  ...LIVE,
});

export const servicesQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.services(entityId),
    queryFn: () => entitiesApi.services(entityId),
    ...LIVE,
  });

export const usersQuery = queryOptions({
  queryKey: queryKeys.users,
  queryFn: () => usersApi.list(),
  ...LIVE,
});
