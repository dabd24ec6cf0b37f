import type { Actor, Entity, Permission } from '@oppslag/common';
import type { AppDeps } from '../deps';
import { type EntityRow } from '../presenters/entity.presenter';
/** Presents entities for an actor, reading the presence of the registered displays among them in one round trip. */
export declare function viewEntities(
  deps: AppDeps,
  actor: Actor,
  items: readonly {
    row: EntityRow;
    permissions?: readonly Permission[];
  }[],
): Promise<Entity[]>;
export declare function viewEntity(
  deps: AppDeps,
  actor: Actor,
  row: EntityRow,
  permissions?: readonly Permission[],
): Promise<Entity>;
/** The view carried in events: pushed to entity rooms, so it is the least privileged one (no API key). */
export declare const PUBLIC_VIEWER: Actor;
