import { contract } from '@oppslag/common/contract/index.ts';
import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { call } from './typed-client';

/**
 * The queries of the per-entity resources over the typed client. Everything here is kept
 * current by the socket (realtime/query-events.ts invalidates exactly the affected keys, a resync
 * all of them), so a query is fetched again only when an event or a change made here says so.
 * (Entities, members and the profile live beside their client state in state/.)
 */
const LIVE = { staleTime: Number.POSITIVE_INFINITY } as const;

export const notesQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.notes(entityId),
    queryFn: () =>
      // Own and inherited notes, approved or not (the board shows both).
      call(contract.notes.list, { params: { entityId }, query: { includeParents: 'true', approved: 'all' } }),
    ...LIVE,
  });

export const contentQuery = (entityId: number, slot: ContentSlot, templates: boolean) =>
  queryOptions({
    queryKey: queryKeys.content(entityId, slot, templates),
    queryFn: () =>
      // Own and inherited/master content of a slot, published and drafts alike.
      call(contract.content.list, {
        params: { entityId, slot },
        query: { includeParents: 'true', approved: 'all', isTemplate: templates ? 'true' : 'false' },
      }),
    ...LIVE,
  });

export const alertsQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.alerts(entityId),
    queryFn: () => call(contract.alerts.list, { params: { id: entityId } }),
    ...LIVE,
  });

export const autoApproveNumbersQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.autoApproveNumbers(entityId),
    queryFn: () => call(contract.autoApprove.list, { params: { id: entityId } }),
    ...LIVE,
  });

export const transitStopsQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.transitStops(entityId),
    // With the ancestors' stops: the card lists what the entity's screens show (issue 31 item 8).
    queryFn: () =>
      call(contract.transit.list, { params: { id: entityId }, query: { includeInherited: 'true' } }),
    ...LIVE,
  });

export const displayHealthQuery = (displayId: number) =>
  queryOptions({
    queryKey: queryKeys.displayHealth(displayId),
    queryFn: () => call(contract.health.get, { params: { id: displayId } }),
    ...LIVE,
  });

export const adminDisplaysQuery = queryOptions({
  queryKey: queryKeys.adminDisplays,
  queryFn: () => call(contract.admin.displays),
  ...LIVE,
});

export const servicesQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.services(entityId),
    queryFn: () => call(contract.content.services, { params: { entityId } }),
    ...LIVE,
  });

export const usersQuery = queryOptions({
  queryKey: queryKeys.users,
  queryFn: () => call(contract.users.list),
  ...LIVE,
});
