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
    phoneNumber: null,
    displayInformation: null,
    orientation: 0,
    codeWord: null,
    showCodeWord: false,
    noteBoardBackgroundColor: '#e0d6d0',
    bannerFallbackText: null,
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
    const s = applyEntityEvent(world(), {
      type: 'entity.created',
      entityId: 6,
      data: { entity: entity(6, 4, 'display') },
    });
    expect(s.byId[6].parentId).toBe(4);
    expect(s.highlight[6]).toBe('created');
    expect(clearHighlight(s, 6).highlight[6]).toBeUndefined();
  });

  it('merges an update, keeping live presence and fields the event does not carry', () => {
    const before = { ...world(), byId: { ...world().byId, 3: { ...world().byId[3], apiKey: 'secret' } } };
    const s = applyEntityEvent(before, {
      type: 'entity.updated',
      entityId: 3,
      data: {
        entity: { ...entity(3, 2, 'display', 'Hovedinngang'), registered: true, onlineStatus: false },
        changed: ['name'],
      },
    });
    expect(s.byId[3].name).toBe('Hovedinngang');
    expect(s.byId[3].onlineStatus).toBe(true);
    expect(s.byId[3].apiKey).toBe('secret');
    expect(s.highlight[3]).toBe('updated');
  });

  it('applies a partial move (children moved on delete)', () => {
    const s = applyEntityEvent(world(), {
      type: 'entity.updated',
      entityId: 3,
      data: { id: 3, parentId: 4, changed: ['parentId'] },
    });
    expect(s.byId[3].parentId).toBe(4);
    expect(s.byId[3].name).toBe('Inngang');
  });

  it('ignores a partial update for an unknown entity', () => {
    const before = world();
    expect(
      applyEntityEvent(before, { type: 'entity.updated', entityId: 99, data: { id: 99, parentId: 1 } }),
    ).toBe(before);
  });

  it('removes an entity and its subtree on delete or on an update with the deleted flag', () => {
    const s = applyEntityEvent(world(), {
      type: 'entity.deleted',
      entityId: 2,
      data: { id: 2, deleted: true },
    });
    expect(Object.keys(s.byId).map(Number)).toEqual([1, 4]);
    const t = applyEntityEvent(world(), {
      type: 'entity.updated',
      entityId: 4,
      data: { entity: { ...entity(4, 1, 'group'), deleted: true } },
    });
    expect(t.byId[4]).toBeUndefined();
  });

  it('patches display presence live', () => {
    const s = applyEntityEvent(world(), {
      type: 'display.presence',
      entityId: 3,
      data: { displayId: 3, online: false },
    });
    expect(s.byId[3].onlineStatus).toBe(false);
    expect(s.highlight[3]).toBeUndefined();
    const before = world();
    expect(applyEntityEvent(before, { type: 'display.presence', entityId: 77, data: { online: true } })).toBe(
      before,
    );
  });

  it('passes other events through unchanged', () => {
    const before = world();
    expect(applyEntityEvent(before, { type: 'note.created', entityId: 1, data: { id: 5 } })).toBe(before);
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
