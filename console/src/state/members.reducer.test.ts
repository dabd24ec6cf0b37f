import type { DomainEvent, EventData, EventType } from '@oppslag/common/events.ts';
import type { Member } from '@oppslag/common/schemas/user.ts';
import { describe, expect, it } from 'vitest';
import {
  applyMemberEvent,
  canRemoveMember,
  setMembers,
  smsToggleDisabled,
  sortMembers,
} from './members.reducer';

/** A pushed event as the socket hands it to the store. */
const ev = <T extends EventType>(type: T, entityId: number, data: EventData<T>) =>
  ({ type, id: `e-${type}`, seq: 1, entityId, data }) as DomainEvent;

const member = (userId: number, p: Partial<Member> = {}): Member => ({
  userId,
  email: `u${userId}@example.no`,
  name: null,
  role: 'moderator',
  autoApprove: false,
  smsNotifications: false,
  entityId: 10,
  inherited: false,
  inheritedFromName: null,
  ...p,
});

// Viewing entity 10 (parent 1); user 3 is inherited from 1.
const ancestryOf = (id: number) => (id === 10 ? [10, 1] : [id]);
const start = () =>
  setMembers({}, 10, [
    member(1),
    member(2, { smsNotifications: true }),
    member(3, { entityId: 1, inherited: true, role: 'owner' }),
  ]);

describe('members reducer', () => {
  it('patches a direct member update in place and highlights it', () => {
    const { state, stale } = applyMemberEvent(
      start(),
      ev('member.updated', 10, { userId: 1, autoApprove: true, smsNotifications: false }),
      ancestryOf,
    );
    expect(stale).toEqual([]);
    expect(state[10].list.find((m) => m.userId === 1)?.autoApprove).toBe(true);
    expect(state[10].highlight[1]).toBe('updated');
  });

  it('removes a direct member, never the inherited row of the same user', () => {
    const s = setMembers({}, 10, [member(3), member(3, { entityId: 1, inherited: true })]);
    const { state } = applyMemberEvent(s, ev('member.removed', 10, { userId: 3 }), ancestryOf);
    expect(state[10].list).toHaveLength(1);
    expect(state[10].list[0].inherited).toBe(true);
  });

  it('refetches when the event lacks the row (member.added carries only id and role)', () => {
    const { state, stale } = applyMemberEvent(
      start(),
      ev('member.added', 10, { userId: 9, role: 'owner' }),
      ancestryOf,
    );
    expect(stale).toEqual([10]);
    expect(state[10].list).toHaveLength(3);
  });

  it('refetches lists whose inherited rows come from the changed ancestor', () => {
    const { state, stale } = applyMemberEvent(start(), ev('member.removed', 1, { userId: 3 }), ancestryOf);
    expect(stale).toEqual([10]);
    expect(state).toEqual(start());
  });

  it('ignores events for entities nobody is looking at', () => {
    const before = start();
    const { state, stale } = applyMemberEvent(
      before,
      ev('member.updated', 55, { userId: 1, autoApprove: false, smsNotifications: false }),
      ancestryOf,
    );
    expect(state).toBe(before);
    expect(stale).toEqual([]);
  });
});

describe('member rules', () => {
  it('disables the SMS toggle for others once 2 direct members have it', () => {
    const list = [member(1, { smsNotifications: true }), member(2, { smsNotifications: true }), member(3)];
    expect(smsToggleDisabled(list, list[2], 2)).toBe(true);
    expect(smsToggleDisabled(list, list[0], 2)).toBe(false);
    expect(smsToggleDisabled(list.slice(1), list[2], 2)).toBe(false);
  });

  it('lets only direct members other than yourself be removed', () => {
    expect(canRemoveMember(member(1), 2)).toBe(true);
    expect(canRemoveMember(member(1), 1)).toBe(false);
    expect(canRemoveMember(member(1, { inherited: true }), 2)).toBe(false);
  });

  it('sorts direct before inherited, then by name or e-mail', () => {
    const sorted = sortMembers([
      member(3, { inherited: true, name: 'Anne' }),
      member(2, { name: 'Ørjan' }),
      member(1, { name: 'Bjørn' }),
    ]);
    expect(sorted.map((m) => m.userId)).toEqual([1, 2, 3]);
  });
});
