import { type Actor, type CreateEntityInput, type Permission, type UpdateEntityInput } from '@oppslag/common';
import type { Tx } from '../db/client';
import { AppError } from '../errors';
import { type EntityRow } from '../presenters/entity.presenter';
export interface EntityServiceContext {
  /** config.hashidAlphabet, for the display id in event payloads. */
  alphabet?: string;
  now: Date;
}
/** Serializes moves so two concurrent moves can never link two subtrees into a cycle. */
export declare const MOVE_LOCK_KEY = 7402312;
/** A display API key: 192 random bits. */
export declare const generateApiKey: () => string;
export declare const invalidMove: (message: string) => AppError;
/** The new parent of `entityId` must exist, accept children, and not lie inside the entity's own subtree. */
export declare function assertValidParent(
  tx: Tx,
  entityId: number | null,
  parentId: number,
): Promise<EntityRow>;
/**
 * Creates an entity under a parent the actor may create_entity on. Top-level entities, systems and
 * organizations, and code words are the superadmin's (the new-entity dialog and the code-word field
 * are admin-only in spec §6); members with create_entity add groups and displays inside their tree.
 * A new display gets its API key at once so it can be registered without another step.
 */
export declare function createEntity(
  tx: Tx,
  input: CreateEntityInput,
  actor: Actor,
  ctx: EntityServiceContext,
): Promise<{
  row: EntityRow;
  permissions: Permission[];
}>;
/**
 * Partial update. edit_entity covers the settings cards; changing an admin-only field (orientation,
 * code word, special features, type, or moving by parentId) is 403 for everyone else. Sending such a
 * field unchanged is accepted, since forms send back the values they loaded.
 */
export declare function updateEntity(
  tx: Tx,
  id: number,
  input: UpdateEntityInput,
  actor: Actor,
  ctx: EntityServiceContext,
): Promise<{
  row: EntityRow;
  permissions: Permission[];
}>;
/**
 * A new API key for a display (superadmin). The key version goes up with it, so every display token
 * issued under the old key stops verifying and the screen must register again.
 */
export declare function regenerateApiKey(tx: Tx, id: number, actor: Actor, now: Date): Promise<EntityRow>;
