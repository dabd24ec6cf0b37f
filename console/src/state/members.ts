import { contract } from '@oppslag/common/contract/index.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../api/query-client';
import { queryKeys } from '../api/query-keys';
import { call } from '../api/typed-client';
import { type MembersOfEntity, sortMembers } from './members.reducer';

/**
 * An entity's member list lives in the query cache under `queryKeys.members(id)` as the
 * reducer's MembersOfEntity (sorted rows and live highlights); pushed member events patch it with
 * the reducer, or refetch it where the browser cannot derive the change (realtime/query-events.ts).
 */
export const membersQuery = (entityId: number) =>
  queryOptions({
    queryKey: queryKeys.members(entityId),
    queryFn: async (): Promise<MembersOfEntity> => ({
      list: sortMembers(await call(contract.members.list, { params: { id: entityId } })),
      highlight: {},
    }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useMembers(entityId: number) {
  return useQuery(membersQuery(entityId), queryClient);
}

/** Fetches an entity's member list afresh (after a change made here); never throws. */
export function loadMembers(entityId: number): Promise<void> {
  return queryClient.fetchQuery({ ...membersQuery(entityId), staleTime: 0 }).then(
    () => undefined,
    () => undefined,
  );
}
