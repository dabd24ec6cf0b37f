import { type Actor, type Permission, permissionsOn } from '@oppslag/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities } from '../db/schema/index';
import { notFound } from '../errors';
import type { EntityRow } from '../presenters/entity.presenter';
import { getGrants } from './access.service';

export interface VisibleEntity {
  row: EntityRow;
  permissions: Permission[];
}

/** A live (not deleted) entity row, or 404. */
export async function loadEntity(tx: Tx, id: number): Promise<EntityRow> {
  const [row] = await tx
    .select()
    .from(entities)
    .where(and(eq(entities.id, id), eq(entities.deleted, false)));
  if (!row) throw notFound('Entity');
  return row;
}

/**
 * The entities a user works with (spec §6: those with a permission on any entity in their chain):
 * every live entity at or below an entity they hold a role on; everything for the superadmin.
 * Ancestors above a grant are not included: they are not readable for the user, and breadcrumbs
 * start at the highest entity the user can read.
 */
export async function visibleEntities(tx: Tx, actor: Actor): Promise<VisibleEntity[]> {
  if (actor.admin) {
    const rows = await tx
      .select()
      .from(entities)
      .where(eq(entities.deleted, false))
      .orderBy(asc(entities.id));
    const all = permissionsOn(actor, [], []);
    return rows.map((row) => ({ row, permissions: all }));
  }
  const grants = await getGrants(tx, actor.id);
  if (grants.length === 0) return [];
  // `union` (not `union all`) also stops the walk should the parent links ever form a cycle.
  const rows = await tx
    .select()
    .from(entities)
    .where(
      sql`${entities.id} in (
        with recursive sub(id) as (
          select e.id from entities e join permissions p on p.entity_id = e.id
          where p.user_id = ${actor.id} and e.deleted = false
          union
          select c.id from entities c join sub s on c.parent_id = s.id where c.deleted = false
        ) select id from sub)`,
    )
    .orderBy(asc(entities.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Every grant lies inside the returned set, so walking parents within it yields each ancestor a grant can sit on.
  return rows.map((row) => {
    const ancestry: number[] = [];
    let current: EntityRow | undefined = row;
    while (current && ancestry.length < 64) {
      ancestry.push(current.id);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    return { row, permissions: permissionsOn(actor, grants, ancestry) };
  });
}

/** Ids of a live entity and all its live descendants (the entity first). */
export async function subtreeIds(tx: Tx, rootId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: entities.id })
    .from(entities)
    .where(
      sql`${entities.id} in (
        with recursive sub(id) as (
          select id from entities where id = ${rootId} and deleted = false
          union
          select c.id from entities c join sub s on c.parent_id = s.id where c.deleted = false
        ) select id from sub)`,
    );
  const ids = rows.map((r) => r.id).filter((id) => id !== rootId);
  return rows.length ? [rootId, ...ids] : [];
}

/** Live direct children of an entity. */
export async function liveChildren(tx: Tx, parentId: number): Promise<EntityRow[]> {
  return tx
    .select()
    .from(entities)
    .where(and(eq(entities.parentId, parentId), eq(entities.deleted, false)))
    .orderBy(asc(entities.id));
}
