import type { ConsoleEvent } from '@oppslag/common/realtime/index.ts';
import type { Entity } from '@oppslag/common/schemas/entity.ts';

export type Highlight = 'created' | 'updated';

/** How long a created or updated row stays highlighted (spec §4). */
export const HIGHLIGHT_MS = 4000;

export interface EntitiesState {
  byId: Record<number, Entity>;
  /** Rows to flash: newly created or updated entities (spec §4). */
  highlight: Record<number, Highlight>;
  loaded: boolean;
}

export const emptyEntities: EntitiesState = { byId: {}, highlight: {}, loaded: false };

export function setEntities(_state: EntitiesState, list: readonly Entity[]): EntitiesState {
  const byId: Record<number, Entity> = {};
  for (const e of list) if (!e.deleted) byId[e.id] = e;
  return { byId, highlight: {}, loaded: true };
}

/** Removes an entity and everything below it (the server deletes or has moved the children). */
export function removeEntity(state: EntitiesState, id: number): EntitiesState {
  if (!state.byId[id]) return state;
  const gone = new Set([id, ...descendantIds(state.byId, id)]);
  const byId: Record<number, Entity> = {};
  const highlight: Record<number, Highlight> = {};
  for (const e of Object.values(state.byId)) if (!gone.has(e.id)) byId[e.id] = e;
  for (const [k, v] of Object.entries(state.highlight)) if (!gone.has(Number(k))) highlight[Number(k)] = v;
  return { ...state, byId, highlight };
}

/**
 * Inserts or merges an entity. An update carrying the deleted flag removes it (spec §4). Partial
 * payloads merge into the known row; a partial for an unknown id is ignored (the next snapshot
 * brings it).
 */
export function upsertEntity(
  state: EntitiesState,
  patch: Partial<Entity> & { id: number },
  highlight: Highlight | null,
): EntitiesState {
  if (patch.deleted) return removeEntity(state, patch.id);
  const known = state.byId[patch.id];
  if (!known && !isFullEntity(patch)) return state;
  const next = { ...known, ...patch } as Entity;
  return {
    ...state,
    byId: { ...state.byId, [patch.id]: next },
    highlight: highlight ? { ...state.highlight, [patch.id]: highlight } : state.highlight,
  };
}

export function clearHighlight(state: EntitiesState, id: number): EntitiesState {
  if (!(id in state.highlight)) return state;
  const { [id]: _, ...rest } = state.highlight;
  return { ...state, highlight: rest };
}

function isFullEntity(value: Partial<Entity>): value is Entity {
  return typeof value.name === 'string' && typeof value.type === 'string' && 'parentId' in value;
}

/** Applies one pushed event (entity.*, display.presence) to the store; other events pass through. */
export function applyEntityEvent(state: EntitiesState, event: ConsoleEvent): EntitiesState {
  switch (event.type) {
    case 'entity.created':
      return upsertEntity(state, event.data.entity, 'created');
    case 'entity.updated': {
      const { id, entity, changed, parentId } = event.data;
      if (entity) {
        // Events carry the public view of the entity: its online status there is not live
        // presence (that comes from display.presence), so a known row keeps its own.
        const { onlineStatus: _ignored, ...patch } = entity;
        return upsertEntity(state, state.byId[id] ? patch : entity, 'updated');
      }
      // Registration, or a move by deleting the old parent: only what changed is named.
      const patch: Partial<Entity> & { id: number } = { id };
      if (changed.includes('registered')) patch.registered = true;
      if (parentId !== undefined) patch.parentId = parentId;
      return upsertEntity(state, patch, 'updated');
    }
    case 'entity.apiKeyRegenerated':
      return event.entityId === null ? state : upsertEntity(state, { id: event.entityId }, 'updated');
    case 'entity.deleted':
      return removeEntity(state, event.data.id);
    case 'display.presence': {
      const { displayId, online } = event.data;
      if (!state.byId[displayId]) return state;
      return upsertEntity(state, { id: displayId, onlineStatus: online, registered: true }, null);
    }
    default:
      return state;
  }
}

// ---- tree queries ----

/**
 * Children by parent id, each list sorted by name: built once per `byId` object (the cache value
 * is replaced, never changed, so the index stays right) and shared by every tree walk, so a tree
 * of 10,000 entities is not scanned once per row.
 */
const byName = new Intl.Collator('nb').compare;
const indexes = new WeakMap<Record<number, Entity>, Map<number | null, Entity[]>>();

export function childIndex(byId: Record<number, Entity>): Map<number | null, Entity[]> {
  let index = indexes.get(byId);
  if (index) return index;
  index = new Map();
  for (const e of Object.values(byId)) {
    const list = index.get(e.parentId);
    if (list) list.push(e);
    else index.set(e.parentId, [e]);
  }
  for (const list of index.values()) list.sort((a, b) => byName(a.name, b.name));
  indexes.set(byId, index);
  return index;
}

export function childrenOf(byId: Record<number, Entity>, parentId: number | null): Entity[] {
  return childIndex(byId).get(parentId) ?? [];
}

export function descendantIds(byId: Record<number, Entity>, id: number): number[] {
  const index = childIndex(byId);
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    for (const e of index.get(stack.pop()!) ?? []) {
      out.push(e.id);
      stack.push(e.id);
    }
  }
  return out;
}

/** The entity id first, then its parent, up to the highest ancestor the store knows. */
export function ancestry(byId: Record<number, Entity>, id: number): number[] {
  const out: number[] = [];
  let current: Entity | undefined = byId[id];
  while (current && !out.includes(current.id)) {
    out.push(current.id);
    current = current.parentId == null ? undefined : byId[current.parentId];
  }
  return out;
}

/** Entities whose parent is not visible to this user: the tops of the user's tree. */
export function rootsOf(byId: Record<number, Entity>): Entity[] {
  return Object.values(byId)
    .filter((e) => e.parentId == null || !byId[e.parentId])
    .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
}

/**
 * Where an entity may be moved by drag and drop: a parent that can have children and is not the
 * entity itself or one of its descendants.
 */
export function canMoveTo(byId: Record<number, Entity>, id: number, targetId: number): boolean {
  const target = byId[targetId];
  if (!target || id === targetId || target.type === 'display') return false;
  if (byId[id]?.parentId === targetId) return false;
  return !descendantIds(byId, id).includes(targetId);
}

/** Delete dialog move targets (spec §5): not itself, not its children, only entities that can have children. */
export function moveTargets(byId: Record<number, Entity>, id: number): Entity[] {
  const excluded = new Set([id, ...descendantIds(byId, id)]);
  return Object.values(byId)
    .filter((e) => !excluded.has(e.id) && e.type !== 'display')
    .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
}

/**
 * An entity's name: from the list, else from the chain the API sends above a member's highest
 * entities (inherited notes and banners come from there); undefined when unknown.
 */
export function entityName(byId: Record<number, Entity>, id: number): string | undefined {
  const known = byId[id]?.name;
  if (known !== undefined) return known;
  for (const e of Object.values(byId)) {
    const above = e.ancestors?.find((a) => a.id === id);
    if (above) return above.name;
  }
  return undefined;
}
