import type { ConsoleEvent } from '@oppslag/common/realtime/index.ts';
import type { Member } from '@oppslag/common/schemas/user.ts';

export interface MembersOfEntity {
  list: Member[];
  /** userId → highlight flag for rows added or changed live. */
  highlight: Record<number, 'created' | 'updated'>;
}

/** Member lists by the entity they were fetched for. */
export type MembersState = Record<number, MembersOfEntity>;

export function setMembers(state: MembersState, entityId: number, list: Member[]): MembersState {
  return { ...state, [entityId]: { list, highlight: {} } };
}

/** Direct rows first, then inherited; each group by name or e-mail. */
export function sortMembers(list: readonly Member[]): Member[] {
  const key = (m: Member) => (m.name || m.email).toLocaleLowerCase('nb');
  return [...list].sort(
    (a, b) => Number(a.inherited) - Number(b.inherited) || key(a).localeCompare(key(b), 'nb'),
  );
}

function isMember(value: unknown): value is Member {
  return (
    typeof value === 'object' &&
    value !== null &&
    'userId' in value &&
    typeof value.userId === 'number' &&
    'email' in value &&
    typeof value.email === 'string' &&
    'role' in value &&
    typeof value.role === 'string'
  );
}

export interface MemberEventResult {
  state: MembersState;
  /** Viewed entities whose list cannot be patched locally (inherited rows) and must be refetched. */
  stale: number[];
}

/**
 * Applies member.added / member.updated / member.removed. A change on the viewed entity itself is
 * patched in place; a change on an ancestor alters inherited rows, whose derivation lives on the
 * server, so that list is refetched instead.
 */
export function applyMemberEvent(
  state: MembersState,
  event: ConsoleEvent,
  ancestryOf: (entityId: number) => number[],
): MemberEventResult {
  const source = event.entityId;
  if (source == null) return { state, stale: [] };
  if (event.type !== 'member.added' && event.type !== 'member.updated' && event.type !== 'member.removed')
    return { state, stale: [] };
  const row: Partial<Member> = event.data;
  const userId = event.data.userId;
  let next = state;
  const stale: number[] = [];
  for (const key of Object.keys(state)) {
    const viewed = Number(key);
    if (viewed !== source) {
      if (ancestryOf(viewed).includes(source)) stale.push(viewed);
      continue;
    }
    const current = state[viewed];
    const others = current.list.filter((m) => !(m.userId === userId && !m.inherited));
    const existing = current.list.find((m) => m.userId === userId && !m.inherited);
    if (event.type === 'member.removed') {
      next = { ...next, [viewed]: { ...current, list: others } };
    } else if (event.type === 'member.added' || event.type === 'member.updated') {
      const merged = { ...existing, ...row, entityId: source, inherited: false } as Member;
      if (!isMember(merged)) {
        stale.push(viewed);
        continue;
      }
      const kind = existing ? 'updated' : 'created';
      next = {
        ...next,
        [viewed]: {
          list: sortMembers([...others, merged]),
          highlight: { ...current.highlight, [userId]: kind },
        },
      };
    }
  }
  return { state: next, stale };
}

/** SMS notifications: at most 2 members per entity; the others' checkbox disables once used up. */
export function smsToggleDisabled(list: readonly Member[], member: Member, max: number): boolean {
  if (member.smsNotifications) return false;
  return list.filter((m) => !m.inherited && m.smsNotifications).length >= max;
}

/** Only direct members other than the current user can be removed (spec §4). */
export function canRemoveMember(member: Member, currentUserId: number | undefined): boolean {
  return !member.inherited && member.userId !== currentUserId;
}
