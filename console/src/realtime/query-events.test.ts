import { EVENT_TYPES } from '@oppslag/common/events.ts';
import type { ConsoleEvent } from '@oppslag/common/realtime/index.ts';
import type { Entity } from '@oppslag/common/schemas/entity.ts';
import type { Member } from '@oppslag/common/schemas/user.ts';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDisplayItem } from '../api/admin.api';
import { queryKeys } from '../api/query-keys';
import { type EntitiesState, emptyEntities, HIGHLIGHT_MS, setEntities } from '../state/entities.reducer';
import type { MembersOfEntity } from '../state/members.reducer';
import { applyRealtimeEvent, EVENT_QUERIES, resyncQueries } from './query-events';

/** A pushed event as the socket hands it over. */
const ev = (type: ConsoleEvent['type'], entityId: number | null, data: unknown) =>
  ({ type, id: `e-${type}`, seq: 1, entityId, data }) as ConsoleEvent;

const entity = (id: number, parentId: number | null, type: Entity['type'] = 'group'): Entity =>
  ({
    id,
    name: `E${id}`,
    type,
    parentId,
    deleted: false,
    features: [],
    services: {},
    displayId: type === 'display' ? `d${id}` : null,
    registered: type === 'display',
    onlineStatus: type === 'display' ? true : null,
  }) as unknown as Entity;

const member = (userId: number, entityId: number, inherited = false): Member => ({
  userId,
  email: `u${userId}@example.no`,
  name: null,
  role: 'moderator',
  autoApprove: false,
  smsNotifications: false,
  entityId,
  inherited,
  inheritedFromName: inherited ? `E${entityId}` : null,
});

// org 1 ─ group 2 ─ display 3;  org 9 (another branch)
const KEYS = {
  entities: queryKeys.entities,
  members1: queryKeys.members(1),
  members2: queryKeys.members(2),
  members9: queryKeys.members(9),
  notes1: queryKeys.notes(1),
  notes2: queryKeys.notes(2),
  notes9: queryKeys.notes(9),
  banner2: queryKeys.content(2, 'banner', false),
  bannerTemplates2: queryKeys.content(2, 'banner', true),
  logo2: queryKeys.content(2, 'partnerLogo', false),
  alerts2: queryKeys.alerts(2),
  alerts9: queryKeys.alerts(9),
  numbers2: queryKeys.autoApproveNumbers(2),
  numbers9: queryKeys.autoApproveNumbers(9),
  stops2: queryKeys.transitStops(2),
  health3: queryKeys.displayHealth(3),
  health8: queryKeys.displayHealth(8),
  displays: queryKeys.adminDisplays,
  services2: queryKeys.services(2),
  services9: queryKeys.services(9),
  users: queryKeys.users,
  profile5: queryKeys.profile(5),
  profile6: queryKeys.profile(6),
} satisfies Record<string, QueryKey>;
type Name = keyof typeof KEYS;

let client: QueryClient;

function seed() {
  client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  const data: Record<Name, unknown> = {
    entities: setEntities(emptyEntities, [
      entity(1, null, 'organization'),
      entity(2, 1),
      entity(3, 2, 'display'),
      entity(9, null, 'organization'),
    ]),
    members1: { list: [member(5, 1)], highlight: {} },
    members2: { list: [member(6, 2), member(5, 1, true)], highlight: {} },
    members9: { list: [member(7, 9)], highlight: {} },
    notes1: [],
    notes2: [],
    notes9: [],
    banner2: [],
    bannerTemplates2: [],
    logo2: [],
    alerts2: [],
    alerts9: [],
    numbers2: [],
    numbers9: [],
    stops2: [],
    health3: {},
    health8: {},
    displays: [
      { entity: { id: 3, name: 'E3' }, display: { onlineStatus: true, registered: true }, health: null },
    ],
    services2: [],
    services9: [],
    users: [],
    profile5: { id: 5 },
    profile6: { id: 6 },
  };
  for (const [name, value] of Object.entries(data)) client.setQueryData(KEYS[name as Name], value);
}

/** Runs one event; answers which queries were marked stale and which were rewritten. */
function touched(event: ConsoleEvent) {
  const before = Object.fromEntries(
    Object.entries(KEYS).map(([name, key]) => [name, client.getQueryData(key)]),
  );
  applyRealtimeEvent(client, event);
  const invalidated: string[] = [];
  const patched: string[] = [];
  for (const [name, key] of Object.entries(KEYS)) {
    if (client.getQueryState(key)?.isInvalidated) invalidated.push(name);
    if (client.getQueryData(key) !== before[name]) patched.push(name);
  }
  return { invalidated, patched };
}

beforeEach(() => {
  vi.useFakeTimers();
  seed();
});
afterEach(() => {
  vi.useRealTimers();
  client.clear();
});

describe('realtime event → query keys', () => {
  it('names every catalogued event and the presence/health pushes, nothing else', () => {
    expect(Object.keys(EVENT_QUERIES).sort()).toEqual(
      [...EVENT_TYPES, 'display.presence', 'display.health'].sort(),
    );
  });

  it('patches the entity tree with the reducer and highlights the row for a while', () => {
    const r = touched(ev('entity.created', 4, { entity: entity(4, 2) }));
    expect(r.patched).toEqual(['entities']);
    // The displays table is refetched once the burst has settled, not at once.
    expect(r.invalidated).toEqual([]);
    const cached = () => client.getQueryData<EntitiesState>(queryKeys.entities)!;
    expect(cached().byId[4].parentId).toBe(2);
    expect(cached().highlight[4]).toBe('created');
    vi.advanceTimersByTime(HIGHLIGHT_MS);
    expect(cached().highlight[4]).toBeUndefined();
    expect(client.getQueryState(queryKeys.adminDisplays)?.isInvalidated).toBe(true);
  });

  it('an edit patches the tree and refetches the services of the entity and those below it', () => {
    const r = touched(
      ev('entity.updated', 1, {
        id: 1,
        entity: { ...entity(1, null, 'organization'), name: 'Ny' },
        changed: ['name'],
      }),
    );
    expect(r.patched).toEqual(['entities']);
    expect(r.invalidated).toEqual(['services2']);
    expect(client.getQueryData<EntitiesState>(queryKeys.entities)!.byId[1].name).toBe('Ny');
  });

  it('patches presence into the tree and the displays table, refetching only that display’s health', () => {
    const r = touched(ev('display.presence', 3, { displayId: 3, online: false }));
    expect(r.patched.sort()).toEqual(['displays', 'entities']);
    expect(r.invalidated).toEqual(['health3']);
    expect(client.getQueryData<EntitiesState>(queryKeys.entities)!.byId[3].onlineStatus).toBe(false);
    expect(client.getQueryData<AdminDisplayItem[]>(queryKeys.adminDisplays)![0].display.onlineStatus).toBe(
      false,
    );
  });

  it('a display’s health push refetches that display’s health only', () => {
    expect(touched(ev('display.health', 3, { displayId: 3 }))).toEqual({
      invalidated: ['health3'],
      patched: [],
    });
  });

  it('patches a member change on its own entity, refetches the lists that inherit it and the member’s profile', () => {
    const r = touched(ev('member.updated', 1, { userId: 5, autoApprove: true, smsNotifications: false }));
    expect(r.patched).toEqual(['members1']);
    expect(r.invalidated.sort()).toEqual(['members2', 'profile5', 'users']);
    const list = client.getQueryData<MembersOfEntity>(queryKeys.members(1))!;
    expect(list.list[0].autoApprove).toBe(true);
    expect(list.highlight[5]).toBe('updated');
  });

  it('refetches the notes of the entity and of the boards below it that show its notes', () => {
    expect(touched(ev('note.created', 1, { id: 1, note: {} }))).toEqual({
      invalidated: ['notes1', 'notes2'],
      patched: [],
    });
    seed();
    expect(touched(ev('note.deleted', 2, { id: 1 })).invalidated).toEqual(['notes2']);
  });

  it('refetches the content lists of the event’s slot only', () => {
    expect(touched(ev('content.updated', 2, { id: 1, slot: 'banner' })).invalidated).toEqual([
      'banner2',
      'bannerTemplates2',
    ]);
  });

  it('refetches an entity’s own lists, alerts down the chain, and a user’s profile', () => {
    expect(touched(ev('autoApproveNumber.changed', 2, { id: 1 })).invalidated).toEqual(['numbers2']);
    seed();
    expect(touched(ev('transitStop.changed', 2, { id: 1, stopId: 'x' })).invalidated).toEqual(['stops2']);
    seed();
    expect(touched(ev('alert.raised', 1, { id: 1, alert: {} })).invalidated).toEqual(['alerts2']);
    seed();
    expect(touched(ev('user.updated', null, { id: 6, fields: ['name'] })).invalidated).toEqual([
      'users',
      'profile6',
    ]);
  });

  it('leaves the cache alone for events no console query shows', () => {
    for (const type of ['transit.updated', 'weather.updated', 'display.command', 'sms.received'] as const) {
      expect(touched(ev(type, 2, {}))).toEqual({ invalidated: [], patched: [] });
    }
  });

  it('a resync marks every query stale', () => {
    resyncQueries(client);
    for (const key of Object.values(KEYS)) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
