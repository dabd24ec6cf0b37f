import { contract } from '@oppslag/common/contract/index.ts';
import type { Entity } from '@oppslag/common/schemas/entity.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { atom, useAtomValue } from 'jotai';
import { queryClient } from '../api/query-client';
import { queryKeys } from '../api/query-keys';
import { call } from '../api/typed-client';
import { STORAGE_KEYS, storage } from '../lib/storage';
import {
  clearHighlight,
  type EntitiesState,
  emptyEntities,
  HIGHLIGHT_MS,
  setEntities,
  upsertEntity,
} from './entities.reducer';
import { store } from './store';

/**
 * The user's entities live in the query cache under `queryKeys.entities`, as the reducer's
 * EntitiesState: pushed events are applied to the cached value with the reducer
 * (realtime/query-events.ts), so the list is fetched once and kept current by the socket (never
 * stale; a resync invalidates it).
 */
export const entitiesQuery = queryOptions({
  queryKey: queryKeys.entities,
  queryFn: async () => setEntities(emptyEntities, await call(contract.entities.list)),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The entities as last loaded and patched live; `emptyEntities` (loaded: false) until then. */
export function useEntities(): EntitiesState {
  return useQuery(entitiesQuery, queryClient).data ?? emptyEntities;
}

/** Whether the last load of the entity list failed (the page offers a retry). */
export function useEntitiesFailed(): boolean {
  return useQuery(entitiesQuery, queryClient).isError;
}

/** The cached entities outside React (emptyEntities before the first load). */
export function currentEntities(): EntitiesState {
  return queryClient.getQueryData(entitiesQuery.queryKey) ?? emptyEntities;
}

function scheduleUnhighlight(id: number) {
  setTimeout(
    () => queryClient.setQueryData(entitiesQuery.queryKey, (s) => s && clearHighlight(s, id)),
    HIGHLIGHT_MS,
  );
}

/**
 * Fetches a fresh snapshot of the user's entities (a retry, after a delete); shares a request in
 * flight and never throws (a failure shows as the query's error).
 */
export function loadEntities(): Promise<void> {
  return queryClient.fetchQuery({ ...entitiesQuery, staleTime: 0 }).then(
    () => undefined,
    () => undefined,
  );
}

/** Puts an entity the API just answered with into the cache and flags it for highlight. */
export function storeEntity(entity: Entity, kind: 'created' | 'updated' = 'updated') {
  queryClient.setQueryData(entitiesQuery.queryKey, (s) => upsertEntity(s ?? emptyEntities, entity, kind));
  scheduleUnhighlight(entity.id);
}

/**
 * One entity outside the loaded list (opened by link), fetched on its own: the answer joins the
 * entity tree, where every screen reads it.
 */
export const linkedEntityQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.entity(id),
    queryFn: async () => {
      const entity = await call(contract.entities.get, { params: { id } });
      storeEntity(entity);
      return entity;
    },
  });

export function resetEntities() {
  queryClient.removeQueries({ queryKey: entitiesQuery.queryKey });
  store.set(contextEntityIdAtom, null);
}

// ---- context entity (admins' context switcher): client state, so jotai ----

function storedContext(): number | null {
  const raw = storage.get(STORAGE_KEYS.entityId);
  const id = raw ? Number.parseInt(raw, 10) : Number.NaN;
  return Number.isInteger(id) ? id : null;
}

/** The organization chosen in the context switcher, persisted under localStorage 'entityId'. */
export const contextEntityIdAtom = atom<number | null>(storedContext());

export function setEntityContext(id: number | null) {
  storage.set(STORAGE_KEYS.entityId, id === null ? null : String(id));
  store.set(contextEntityIdAtom, id);
}

/** The context organization, falling back to the first organization when missing or unknown. */
export function contextEntityOf(byId: Record<number, Entity>, id: number | null): Entity | null {
  if (id !== null && byId[id]) return byId[id];
  return (
    Object.values(byId)
      .filter((e) => e.type === 'organization')
      .sort((a, b) => a.id - b.id)[0] ?? null
  );
}

export function useContextEntity(): Entity | null {
  const { byId } = useEntities();
  return contextEntityOf(byId, useAtomValue(contextEntityIdAtom));
}
