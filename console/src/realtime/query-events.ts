import type { ConsoleEvent } from '@oppslag/common/realtime/index.ts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AdminDisplayItem } from '../api/admin.api';
import { type QueryResource, queryKeys } from '../api/query-keys';
import { applyPresence } from '../pages/admin/displays.logic';
import {
  ancestry,
  applyEntityEvent,
  clearHighlight,
  type EntitiesState,
  HIGHLIGHT_MS,
} from '../state/entities.reducer';
import { applyMemberEvent, type MembersOfEntity } from '../state/members.reducer';

/**
 * Which cached queries a pushed event touches, and how: the one table from event type to query
 * keys. A route either patches the cached value with the reducer that is the rule for it (the
 * entity tree, member lists, presence in the displays table), or marks the queries stale so the
 * ones on screen are fetched again. Queries of other entities are left alone.
 */
export type Scope =
  /** Every query of the resource (a `match` may narrow it). */
  | 'all'
  /** The queries whose entity (the key's second element) is the event's entity. */
  | 'entity'
  /** The event's entity and every entity below it: lists that show their parents' rows too. */
  | 'chain';

export interface PatchContext {
  key: QueryKey;
  /** The entity ids from one up to its highest known ancestor (from the cached entity tree). */
  ancestryOf: (entityId: number) => number[];
  client: QueryClient;
}

export interface QueryRoute {
  resource: QueryResource;
  scope: Scope;
  /** A further condition on the key (content: the event's slot; profile: the user named). */
  match?: (key: QueryKey, event: ConsoleEvent) => boolean;
  /** Applies the event to the cached value; `undefined` when it cannot, and the query is refetched. */
  patch?: (data: never, event: ConsoleEvent, ctx: PatchContext) => unknown;
  /**
   * After patching, refetch once such events have stopped for this long: figures the event does
   * not carry ("online since", health) come with the list, and presence comes in bursts.
   */
  settleMs?: number;
}

/** The entity tree: the reducer applies the event; new highlights fade after HIGHLIGHT_MS. */
function patchEntities(before: EntitiesState, event: ConsoleEvent, { key, client }: PatchContext) {
  const after = applyEntityEvent(before, event);
  for (const id of Object.keys(after.highlight))
    if (!(id in before.highlight))
      setTimeout(
        () => client.setQueryData<EntitiesState>(key, (s) => s && clearHighlight(s, Number(id))),
        HIGHLIGHT_MS,
      );
  return after;
}

/** A member list: patched on its own entity; inherited rows (an ancestor's change) are refetched. */
function patchMembers(data: MembersOfEntity, event: ConsoleEvent, { key, ancestryOf }: PatchContext) {
  const viewed = key[1] as number;
  const { state, stale } = applyMemberEvent({ [viewed]: data }, event, ancestryOf);
  return stale.includes(viewed) ? undefined : state[viewed];
}

function patchDisplayPresence(items: AdminDisplayItem[], event: ConsoleEvent) {
  if (event.type !== 'display.presence') return items;
  return applyPresence(items, event.data.displayId, event.data.online);
}

const DISPLAYS_SETTLE_MS = 2000;

const entityTree: QueryRoute = { resource: 'entities', scope: 'all', patch: patchEntities };
const displaysTable: QueryRoute = { resource: 'adminDisplays', scope: 'all', settleMs: DISPLAYS_SETTLE_MS };
const memberLists: QueryRoute[] = [
  { resource: 'members', scope: 'chain', patch: patchMembers },
  // The member's own permissions (their profile) change with it.
  { resource: 'profile', scope: 'all', match: (key, e) => key[1] === userNamed(e) },
  // Adding a member by e-mail can create the user.
  { resource: 'users', scope: 'all' },
];
const contentOfSlot: QueryRoute = {
  // Master content comes from outside the entity's chain, so every list of the slot is refetched.
  resource: 'content',
  scope: 'all',
  match: (key, e) => 'slot' in e.data && key[2] === e.data.slot,
};

function userNamed(event: ConsoleEvent): number | undefined {
  const data = event.data as { userId?: number; id?: number };
  return event.type === 'user.updated' ? data.id : data.userId;
}

export const EVENT_QUERIES: { readonly [T in ConsoleEvent['type']]: readonly QueryRoute[] } = {
  'entity.created': [entityTree, displaysTable],
  // Services are resolved down the chain: a parent's settings change what its children show.
  'entity.updated': [entityTree, displaysTable, { resource: 'services', scope: 'chain' }],
  'entity.deleted': [entityTree, displaysTable],
  'entity.apiKeyRegenerated': [entityTree],
  'display.presence': [
    entityTree,
    { ...displaysTable, patch: patchDisplayPresence },
    { resource: 'displayHealth', scope: 'entity' },
  ],
  'display.health': [{ resource: 'displayHealth', scope: 'entity' }],
  'member.added': memberLists,
  'member.updated': memberLists,
  'member.removed': memberLists,
  'user.updated': [
    { resource: 'profile', scope: 'all', match: (key, e) => key[1] === userNamed(e) },
    { resource: 'users', scope: 'all' },
  ],
  'note.created': [{ resource: 'notes', scope: 'chain' }],
  'note.updated': [{ resource: 'notes', scope: 'chain' }],
  'note.deleted': [{ resource: 'notes', scope: 'chain' }],
  'content.created': [contentOfSlot],
  'content.updated': [contentOfSlot],
  'content.deleted': [contentOfSlot],
  'alert.raised': [{ resource: 'alerts', scope: 'chain' }],
  'alert.cleared': [{ resource: 'alerts', scope: 'chain' }],
  'autoApproveNumber.changed': [{ resource: 'autoApproveNumbers', scope: 'entity' }],
  // Chain: an ancestor's stop is listed (inherited) on every entity below it.
  'transitStop.changed': [{ resource: 'transitStops', scope: 'chain' }],
  // Nothing the console caches shows these (the screens do, or the worker acts on them).
  'asset.updated': [],
  'transit.updated': [],
  'weather.updated': [],
  'display.command': [],
  'display.darkChanged': [],
  'system.installed': [],
  // Privacy requests change no screen the console holds (the history page refetches on open).
  'privacy.phoneExported': [],
  'privacy.phoneErased': [],
  'privacy.stopLifted': [],
  'sms.received': [],
  'sms.outboundQueued': [],
  'asset.cropRequested': [],
};

/** The cached query keys a route reaches for an event. */
function keysFor(client: QueryClient, route: QueryRoute, event: ConsoleEvent): QueryKey[] {
  const source = event.entityId;
  const byId = client.getQueryData<EntitiesState>(queryKeys.entities)?.byId ?? {};
  return client
    .getQueryCache()
    .findAll({ queryKey: [route.resource] })
    .map((q) => q.queryKey)
    .filter((key) => {
      if (route.scope === 'entity' && key[1] !== source) return false;
      if (route.scope === 'chain') {
        const viewed = key[1] as number;
        if (source == null || (viewed !== source && !ancestry(byId, viewed).includes(source))) return false;
      }
      return route.match ? route.match(key, event) : true;
    });
}

/** What an event does to the cache: the keys it patches and the keys it marks stale. */
export function affectedQueries(client: QueryClient, event: ConsoleEvent) {
  const out: { key: QueryKey; route: QueryRoute }[] = [];
  for (const route of EVENT_QUERIES[event.type] ?? [])
    for (const key of keysFor(client, route, event)) out.push({ key, route });
  return out;
}

const settling = new WeakMap<QueryClient, Map<string, ReturnType<typeof setTimeout>>>();

function settle(client: QueryClient, key: QueryKey, ms: number) {
  const timers = settling.get(client) ?? new Map<string, ReturnType<typeof setTimeout>>();
  settling.set(client, timers);
  const id = JSON.stringify(key);
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      void client.invalidateQueries({ queryKey: key, exact: true });
    }, ms),
  );
}

/** Applies one pushed event to the query cache, as the table says. */
export function applyRealtimeEvent(client: QueryClient, event: ConsoleEvent): void {
  const byId = () => client.getQueryData<EntitiesState>(queryKeys.entities)?.byId ?? {};
  for (const { key, route } of affectedQueries(client, event)) {
    const data = client.getQueryData(key);
    if (route.patch && data !== undefined) {
      const next = route.patch(data as never, event, {
        key,
        client,
        ancestryOf: (id) => ancestry(byId(), id),
      });
      if (next !== undefined) {
        if (next !== data) client.setQueryData(key, next);
        if (route.settleMs !== undefined) settle(client, key, route.settleMs);
        continue;
      }
    }
    if (route.settleMs !== undefined && data !== undefined) settle(client, key, route.settleMs);
    else void client.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** After a gap, a sync ahead of us or an unrecovered reconnect: everything cached may be stale. */
export function resyncQueries(client: QueryClient): void {
  void client.invalidateQueries();
}
