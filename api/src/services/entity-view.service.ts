import type { Actor, Entity, Permission } from '@oppslag/common';
import type { AppDeps } from '../deps';
import { type EntityRow, presentEntity } from '../presenters/entity.presenter';
import type { EntityAncestor } from './entity-query.service';
import { isOnline } from './presence.service';

/** Presents entities for an actor, reading the presence of the registered displays among them in one round trip. */
export async function viewEntities(
  deps: AppDeps,
  actor: Actor,
  items: readonly { row: EntityRow; permissions?: readonly Permission[]; ancestors?: EntityAncestor[] }[],
): Promise<Entity[]> {
  const displays = items
    .filter((i) => i.row.type === 'display' && i.row.registeredAt !== null)
    .map((i) => i.row.id);
  const online = await isOnline(deps.redis, deps.config.redisPrefix, displays);
  const alphabet = deps.config.hashidAlphabet;
  return items.map((i) =>
    presentEntity(i.row, { actor, alphabet, online, permissions: i.permissions, ancestors: i.ancestors }),
  );
}

export async function viewEntity(
  deps: AppDeps,
  actor: Actor,
  row: EntityRow,
  permissions?: readonly Permission[],
  ancestors?: EntityAncestor[],
): Promise<Entity> {
  const [entity] = await viewEntities(deps, actor, [{ row, permissions, ancestors }]);
  return entity;
}

/** The view carried in events: pushed to entity rooms, so it is the least privileged one (no API key). */
export const PUBLIC_VIEWER: Actor = { id: 0, admin: false };
