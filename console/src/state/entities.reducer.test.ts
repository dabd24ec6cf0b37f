import type { DomainEvent, EventData, EventType } from '@oppslag/common/events.ts';
import type { ConsoleEvent } from '@oppslag/common/realtime/index.ts';
import type { Entity } from '@oppslag/common/schemas/entity.ts';
import { describe, expect, it } from 'vitest';
import {
  ancestry,
  applyEntityEvent,
  canMoveTo,
  childrenOf,
  clearHighlight,
  emptyEntities,
  moveTargets,
  rootsOf,
  setEntities,
} from './entities.reducer';

/** A pushed event as the socket hands it to the store. */
const ev = <T extends EventType>(type: T, entityId: number, data: EventData<T>) =>
  ({ type, id: `e-${type}`, seq: 1, entityId, data }) as DomainEvent;

function entity(id: number, parentId: number | null, type: Entity['type'], name = `E${id}`): Entity {
  return {
    id,
    name,
    type,
    parentId,
    orgnum: null,
    street: null,
    zip: null,
    city: null,
    largePrint: null,
    quietHours: null,
    phoneNumber: null,
    displayInformation: null,
    orientation: 0,
    codeWord: null,
    showCodeWord: false,
    noteBoardBackgroundColor: '#e0d6d0',
    bannerFallbackText: null,
    smsDailyReplyLimit: 5,
    smsMonthlyBudget: 300,
    features: [],
    services: {},
    latitude: null,
    longitude: null,
    displayId: type === 'display' ? `d${id}xxxxxxxx` : null,
    deleted: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

// org 1 ─ group 2 ─ display 3
//       └ group 4
const world = () =>
  setEntities(emptyEntities, [
    entity(1, null, 'organization', 'Borettslaget'),
    entity(2, 1, 'group', 'Blokk A'),
    { ...entity(3, 2, 'display', 'Inngang'), registered: true, onlineStatus: true },
    entity(4, 1, 'group', 'Blokk B'),
    { ...entity(5, 1, 'group', 'Gammel'), deleted: true },
  ]);

describe('entities reducer', () => {
  it('loads a snapshot without deleted rows', () => {
    const s = world();
    expect(s.loaded).toBe(true);
    expect(Object.keys(s.byId).map(Number)).toEqual([1, 2, 3, 4]);
  });

  it('adds a created entity and flags it for highlight', () => {
    const s = applyEntityEvent(world(), ev('entity.created', 6, { entity: entity(6, 4, 'display') }));
    expect(s.byId[6].parentId).toBe(4);
    expect(s.highlight[6]).toBe('created');
    expect(clearHighlight(s, 6).highlight[6]).toBeUndefined();
  });

  it('merges an update, keeping live presence and fields the event does not carry', () => {
    const before = { ...world(), byId: { ...world().byId, 3: { ...world().byId[3], apiKey: 'secret' } } };
    const s = applyEntityEvent(
      before,
      ev('entity.updated', 3, {
        id: 3,
        entity: { ...entity(3, 2, 'display', 'Hovedinngang'), registered: true, onlineStatus: false },
        changed: ['name'],
      }),
    );
    expect(s.byId[3].name).toBe('Hovedinngang');
    expect(s.byId[3].onlineStatus).toBe(true);
    expect(s.byId[3].apiKey).toBe('secret');
    expect(s.highlight[3]).toBe('updated');
  });

  it('applies a partial move (children moved on delete) and a registration', () => {
    const s = applyEntityEvent(
      world(),
      ev('entity.updated', 3, { id: 3, parentId: 4, changed: ['parentId'] }),
    );
    expect(s.byId[3].parentId).toBe(4);
    expect(s.byId[3].name).toBe('Inngang');
    const before = { ...world(), byId: { ...world().byId, 3: { ...world().byId[3], registered: false } } };
    const r = applyEntityEvent(before, ev('entity.updated', 3, { id: 3, changed: ['registered'] }));
    expect(r.byId[3].registered).toBe(true);
  });

  it('ignores a partial update for an unknown entity', () => {
    const before = world();
    expect(
      applyEntityEvent(before, ev('entity.updated', 99, { id: 99, parentId: 1, changed: ['parentId'] })),
    ).toBe(before);
  });

  it('removes an entity and its subtree on delete or on an update with the deleted flag', () => {
    const s = applyEntityEvent(world(), ev('entity.deleted', 2, { id: 2, rootId: 2 }));
    expect(Object.keys(s.byId).map(Number)).toEqual([1, 4]);
    const t = applyEntityEvent(
      world(),
      ev('entity.updated', 4, {
        id: 4,
        changed: ['deleted'],
        entity: { ...entity(4, 1, 'group'), deleted: true },
      }),
    );
    expect(t.byId[4]).toBeUndefined();
  });

  it('patches display presence live', () => {
    const presence = (displayId: number, online: boolean): ConsoleEvent => ({
      type: 'display.presence',
      id: 'p',
      seq: 0,
      entityId: displayId,
      data: { displayId, online },
    });
    const s = applyEntityEvent(world(), presence(3, false));
    expect(s.byId[3].onlineStatus).toBe(false);
    expect(s.highlight[3]).toBeUndefined();
    const before = world();
    expect(applyEntityEvent(before, presence(77, true))).toBe(before);
  });

  it('passes other events through unchanged', () => {
    const before = world();
    expect(applyEntityEvent(before, ev('note.deleted', 1, { id: 5 }))).toBe(before);
  });
});

describe('tree queries', () => {
  it('walks children, ancestry and roots', () => {
    const { byId } = world();
    expect(childrenOf(byId, 1).map((e) => e.name)).toEqual(['Blokk A', 'Blokk B']);
    expect(ancestry(byId, 3)).toEqual([3, 2, 1]);
    expect(rootsOf(byId).map((e) => e.id)).toEqual([1]);
    const { 1: _, ...withoutRoot } = byId;
    expect(rootsOf(withoutRoot).map((e) => e.id)).toEqual([2, 4]);
  });

  it('allows moves only under parents that can have children and not into its own subtree', () => {
    const { byId } = world();
    expect(canMoveTo(byId, 3, 4)).toBe(true);
    expect(canMoveTo(byId, 3, 2)).toBe(false);
    expect(canMoveTo(byId, 2, 3)).toBe(false);
    expect(canMoveTo(byId, 1, 2)).toBe(false);
    expect(canMoveTo(byId, 2, 2)).toBe(false);
  });

  it('offers delete move targets outside the subtree that can have children', () => {
    const { byId } = world();
    expect(moveTargets(byId, 2).map((e) => e.id)).toEqual([4, 1]);
  });
});
