import type { ConsoleEvent } from '@oppslag/common/realtime/index.ts';
import type { Entity } from '@oppslag/common/schemas/entity.ts';
import { atom } from 'jotai';
import { entitiesApi } from '../api/entities.api';
import { STORAGE_KEYS, storage } from '../lib/storage';
import {
  applyEntityEvent,
  clearHighlight,
  type EntitiesState,
  emptyEntities,
  setEntities,
  upsertEntity,
} from './entities.reducer';
import { store } from './store';

export const entitiesAtom = atom<EntitiesState>(emptyEntities);
export const entitiesErrorAtom = atom(false);

const HIGHLIGHT_MS = 4000;

function update(fn: (s: EntitiesState) => EntitiesState) {
  store.set(entitiesAtom, fn(store.get(entitiesAtom)));
}

function scheduleUnhighlight(id: number) {
  setTimeout(() => update((s) => clearHighlight(s, id)), HIGHLIGHT_MS);
}

let inflight: Promise<void> | null = null;

/** Fetches a fresh snapshot of the user's entities (also the resync after a missed event). */
export function loadEntities(): Promise<void> {
  inflight ??= entitiesApi
    .list()
    .then((list) => {
      update((s) => setEntities(s, list));
      store.set(entitiesErrorAtom, false);
    })
    .catch(() => store.set(entitiesErrorAtom, true))
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Puts an entity the API just answered with into the store and flags it for highlight. */
export function storeEntity(entity: Entity, kind: 'created' | 'updated' = 'updated') {
  update((s) => upsertEntity(s, entity, kind));
  scheduleUnhighlight(entity.id);
}

export function dispatchEntityEvent(event: ConsoleEvent) {
  const before = store.get(entitiesAtom);
  const after = applyEntityEvent(before, event);
  if (after === before) return;
  store.set(entitiesAtom, after);
  for (const id of Object.keys(after.highlight))
    if (!(id in before.highlight)) scheduleUnhighlight(Number(id));
}

export function resetEntities() {
  store.set(entitiesAtom, emptyEntities);
  store.set(contextEntityIdAtom, null);
}

// ---- context entity (admins' context switcher) ----

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
export const contextEntityAtom = atom((get) => {
  const { byId } = get(entitiesAtom);
  const id = get(contextEntityIdAtom);
  if (id !== null && byId[id]) return byId[id];
  return (
    Object.values(byId)
      .filter((e) => e.type === 'organization')
      .sort((a, b) => a.id - b.id)[0] ?? null
  );
});
