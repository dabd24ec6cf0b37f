import { type Actor, type Permission } from '@oppslag/common';
import type { Tx } from '../db/client';
import type { EntityRow } from '../presenters/entity.presenter';
export interface VisibleEntity {
  row: EntityRow;
  permissions: Permission[];
}
/** A live (not deleted) entity row, or 404. */
export declare function loadEntity(tx: Tx, id: number): Promise<EntityRow>;
/**
 * The entities a user works with (spec §6: those with a permission on any entity in their chain):
 * every live entity at or below an entity they hold a role on; everything for the superadmin.
 * Ancestors above a grant are not included: they are not readable for the user, and breadcrumbs
 * start at the highest entity the user can read.
 */
export declare function visibleEntities(tx: Tx, actor: Actor): Promise<VisibleEntity[]>;
/** Ids of a live entity and all its live descendants (the entity first). */
export declare function subtreeIds(tx: Tx, rootId: number): Promise<number[]>;
/** Live direct children of an entity. */
export declare function liveChildren(tx: Tx, parentId: number): Promise<EntityRow[]>;
