import type { Actor, deleteEntitySchema } from '@oppslag/common';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { type EntityServiceContext } from './entity.service';
export type DeleteEntityInput = z.infer<typeof deleteEntitySchema>;
/**
 * Soft-deletes an entity (spec §4): an entity with children needs either `withChildren: true`
 * (the whole subtree is flagged deleted) or `moveTo`, a target that is not inside the deleted
 * subtree, accepts children, and where the actor may create entities. The installation's root
 * entity and master display cannot be deleted, nor anything above them.
 */
export declare function deleteEntity(
  tx: Tx,
  id: number,
  input: DeleteEntityInput,
  actor: Actor,
  ctx: EntityServiceContext,
): Promise<{
  deletedIds: number[];
  movedIds: number[];
}>;
