import type { ConsoleEvent } from '@oppslag/common/realtime/index.ts';
import { atom } from 'jotai';
import { entitiesApi, type Member } from '../api/entities.api';
import { entitiesAtom } from './entities';
import { ancestry } from './entities.reducer';
import { applyMemberEvent, type MembersState, setMembers, sortMembers } from './members.reducer';
import { store } from './store';

export const membersAtom = atom<MembersState>({});
export const membersErrorAtom = atom<Record<number, boolean>>({});

/** Loads the member list of an entity (direct and inherited rows). */
export async function loadMembers(entityId: number): Promise<void> {
  try {
    const list = await entitiesApi.members(entityId);
    store.set(membersAtom, setMembers(store.get(membersAtom), entityId, sortMembers(list)));
    store.set(membersErrorAtom, { ...store.get(membersErrorAtom), [entityId]: false });
  } catch {
    store.set(membersErrorAtom, { ...store.get(membersErrorAtom), [entityId]: true });
  }
}

export function storeMembers(entityId: number, list: Member[]) {
  store.set(membersAtom, setMembers(store.get(membersAtom), entityId, sortMembers(list)));
}

export function dispatchMemberEvent(event: ConsoleEvent) {
  const byId = store.get(entitiesAtom).byId;
  const { state, stale } = applyMemberEvent(store.get(membersAtom), event, (id) => ancestry(byId, id));
  store.set(membersAtom, state);
  for (const id of stale) void loadMembers(id);
}

/** Refetches every member list on screen (resync after a missed event). */
export function reloadMembers() {
  for (const id of Object.keys(store.get(membersAtom))) void loadMembers(Number(id));
}

export function resetMembers() {
  store.set(membersAtom, {});
}
