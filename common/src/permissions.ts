import { ENTITY_TYPES, type EntityType, type Role } from './constants';

/** Permission names of spec §6. */
export const PERMISSIONS = [
  'read',
  'moderate_content',
  'edit_entity',
  'create_entity',
  'delete_entity',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MODERATOR: Permission[] = ['read', 'moderate_content'];
const ADMINISTRATOR: Permission[] = [...MODERATOR, 'create_entity', 'edit_entity'];
const OWNER: Permission[] = [...ADMINISTRATOR, 'delete_entity'];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  moderator: MODERATOR,
  administrator: ADMINISTRATOR,
  owner: OWNER,
};

/** The role strength order, used when a user holds several roles along one chain. */
const ROLE_RANK: Record<Role, number> = { moderator: 1, administrator: 2, owner: 3 };

/** The stronger of two roles (the other when one is missing): the rule for several roles on one chain. */
export function strongerRole(a: Role | null | undefined, b: Role): Role;
export function strongerRole(a: Role | null | undefined, b: Role | null | undefined): Role | null;
export function strongerRole(a: Role | null | undefined, b: Role | null | undefined): Role | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return ROLE_RANK[b] > ROLE_RANK[a] ? b : a;
}

export interface Grant {
  entityId: number;
  role: Role;
}

export interface Actor {
  id: number;
  admin: boolean;
}

/**
 * The effective role a user has on an entity: the strongest role granted on the entity itself or
 * any ancestor. `ancestry` lists the entity id first, then its parent, up to the root.
 */
export function effectiveRole(grants: readonly Grant[], ancestry: readonly number[]): Role | null {
  let best: Role | null = null;
  for (const grant of grants) {
    if (!ancestry.includes(grant.entityId)) continue;
    best = strongerRole(best, grant.role);
  }
  return best;
}

/** Permissions of an actor on an entity; the superadmin has every permission everywhere. */
export function permissionsOn(
  actor: Actor,
  grants: readonly Grant[],
  ancestry: readonly number[],
): Permission[] {
  if (actor.admin) return [...PERMISSIONS];
  const role = effectiveRole(grants, ancestry);
  return role ? [...ROLE_PERMISSIONS[role]] : [];
}

/** The single authorization question, asked by the API on every object and by the console to hide controls. */
export function can(
  actor: Actor,
  permission: Permission,
  grants: readonly Grant[],
  ancestry: readonly number[],
): boolean {
  return permissionsOn(actor, grants, ancestry).includes(permission);
}

/**
 * What an actor may choose when creating an entity (spec §4, §6), asked by the API when it creates
 * one and by the console to offer only those choices: the superadmin anything; anyone else, with
 * `create_entity` on the parent (`can`), only a group or display below it, without a code word.
 */
export function entityCreationChoices(actor: Actor): {
  topLevel: boolean;
  codeWord: boolean;
  types: readonly EntityType[];
} {
  if (actor.admin) return { topLevel: true, codeWord: true, types: ENTITY_TYPES };
  return { topLevel: false, codeWord: false, types: ['group', 'display'] };
}
