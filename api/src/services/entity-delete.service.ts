import type { Actor, deleteEntitySchema } from '@oppslag/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { entities, installation } from '../db/schema/index';
import { AppError, fieldError, forbidden, invalidField } from '../errors';
import { authorizeEntity } from './access.service';
import { assertValidParent, type EntityServiceContext, invalidMove, MOVE_LOCK_KEY } from './entity.service';
import { liveChildren, subtreeIds } from './entity-query.service';
import { recordEvent } from './events.service';

export type DeleteEntityInput = z.infer<typeof deleteEntitySchema>;

/**
 * Soft-deletes an entity (spec §4): an entity with children needs either `withChildren: true`
 * (the whole subtree is flagged deleted) or `moveTo`, a target that is not inside the deleted
 * subtree, accepts children, and where the actor may create entities. The installation's root
 * entity and master display cannot be deleted, nor anything above them.
 */
export async function deleteEntity(
  tx: Tx,
  id: number,
  input: DeleteEntityInput,
  actor: Actor,
  ctx: EntityServiceContext,
): Promise<{ deletedIds: number[]; movedIds: number[] }> {
  await authorizeEntity(tx, actor, id, 'delete_entity');
  if (input.withChildren && input.moveTo != null)
    throw invalidField(
      { path: 'moveTo', code: 'invalid_value' },
      'Give either withChildren or moveTo, not both',
    );
  // The hierarchy lock (shared with moves) first, then the entity row, so a concurrent create under
  // it cannot slip in between the check and the delete.
  await tx.execute(sql`select pg_advisory_xact_lock(${MOVE_LOCK_KEY})`);
  await tx.select({ id: entities.id }).from(entities).where(eq(entities.id, id)).for('update');
  const children = await liveChildren(tx, id);
  let movedIds: number[] = [];
  if (children.length > 0) {
    if (input.moveTo != null) {
      const target = await authorizeMoveTarget(tx, actor, input.moveTo);
      if (target === id) throw invalidMove('Children cannot be moved to the entity being deleted');
      await assertValidParent(tx, id, target);
      movedIds = children.map((c) => c.id);
      await tx
        .update(entities)
        .set({ parentId: target, updatedAt: ctx.now })
        .where(inArray(entities.id, movedIds));
    } else if (!input.withChildren) {
      throw fieldError(
        'entity_has_children',
        'The entity has children: delete them too (withChildren: true) or move them to another entity (moveTo)',
      );
    }
  }
  const deletedIds = await subtreeIds(tx, id);
  const [installed] = await tx.select().from(installation).where(eq(installation.id, 1));
  if (
    installed &&
    (deletedIds.includes(installed.rootEntityId) || deletedIds.includes(installed.masterDisplayId))
  )
    throw fieldError('conflict', 'The root entity and the master display cannot be deleted');
  await tx
    .update(entities)
    .set({ deleted: true, updatedAt: ctx.now })
    .where(and(inArray(entities.id, deletedIds), eq(entities.deleted, false)));
  for (const childId of movedIds) {
    await recordEvent(tx, {
      type: 'entity.updated',
      entityId: childId,
      data: { id: childId, parentId: input.moveTo, previousParentId: id, changed: ['parentId'] },
      actorId: actor.id,
    });
  }
  for (const deletedId of deletedIds) {
    await recordEvent(tx, {
      type: 'entity.deleted',
      entityId: deletedId,
      data: { id: deletedId, rootId: id },
      actorId: actor.id,
    });
  }
  return { deletedIds, movedIds };
}

/** A move target the actor cannot see is reported as missing, one they see but cannot add to as 403. */
async function authorizeMoveTarget(tx: Tx, actor: Actor, target: number): Promise<number> {
  try {
    await authorizeEntity(tx, actor, target, 'create_entity');
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw invalidMove('The target entity does not exist');
    if (err instanceof AppError && err.status === 403)
      throw forbidden('You cannot move entities to the target entity');
    throw err;
  }
  return target;
}
