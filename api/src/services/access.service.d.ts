import { type Actor, type Grant, type Permission } from '@oppslag/common';
import type { Tx } from '../db/client';
/** Ids from the entity up to the root, entity first; null when the entity is missing or deleted. */
export declare function getAncestry(tx: Tx, entityId: number): Promise<number[] | null>;
export declare function getGrants(tx: Tx, userId: number): Promise<Grant[]>;
/**
 * The one server-side check for an object: a user who cannot read the entity gets 404 (it does not
 * exist for them), one who can read but lacks the permission gets 403.
 */
export declare function authorizeEntity(
  tx: Tx,
  actor: Actor,
  entityId: number,
  permission: Permission,
): Promise<{
  ancestry: number[];
  permissions: Permission[];
}>;
/** Superadmin-only routes answer 403 to signed-in users who are not admins. */
export declare function requireAdmin(actor: Actor): void;
