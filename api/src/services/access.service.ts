import { type Actor, can, type Grant, type Permission, permissionsOn } from '@oppslag/common';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { permissions } from '../db/schema/index';
import { forbidden, notFound } from '../errors';

/** Ids from the entity up to the root, entity first; null when the entity is missing or deleted. */
export async function getAncestry(tx: Tx, entityId: number): Promise<number[] | null> {
  return (await getAncestries(tx, [entityId])).get(entityId) ?? null;
}

/**
 * `getAncestry` of several entities in one query (a batch of SMS routed to a few code words): per
 * id its chain, entity first, or null when it is missing or deleted. Same walk, same depth bound.
 */
export async function getAncestries(tx: Tx, entityIds: number[]): Promise<Map<number, number[] | null>> {
  const ids = [...new Set(entityIds)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2147483647);
  const chains = new Map<number, number[] | null>(entityIds.map((id) => [id, null]));
  if (ids.length === 0) return chains;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await tx.execute<{ root: number; id: number; deleted: boolean; depth: number }>(sql`
    with recursive chain(root, id, parent_id, deleted, depth) as (
      select id, id, parent_id, deleted, 0 from entities where id in (${list})
      union all
      select c.root, e.id, e.parent_id, e.deleted, c.depth + 1 from entities e join chain c on e.id = c.parent_id
      where c.depth < 64
    )
    select root, id, deleted, depth from chain order by root, depth`);
  const rows = rowsOf<{ root: number; id: number; deleted: boolean; depth: number }>(result);
  const walked = new Map<number, { id: number; deleted: boolean }[]>();
  for (const r of rows) {
    const root = Number(r.root);
    const chain = walked.get(root) ?? [];
    chain.push({ id: Number(r.id), deleted: r.deleted });
    walked.set(root, chain);
  }
  for (const [root, chain] of walked) chains.set(root, chain[0].deleted ? null : chain.map((c) => c.id));
  return chains;
}

export async function getGrants(tx: Tx, userId: number): Promise<Grant[]> {
  return tx
    .select({ entityId: permissions.entityId, role: permissions.role })
    .from(permissions)
    .where(eq(permissions.userId, userId));
}

/**
 * The one server-side check for an object: a user who cannot read the entity gets 404 (it does not
 * exist for them), one who can read but lacks the permission gets 403.
 */
export async function authorizeEntity(
  tx: Tx,
  actor: Actor,
  entityId: number,
  permission: Permission,
): Promise<{ ancestry: number[]; permissions: Permission[] }> {
  const ancestry = await getAncestry(tx, entityId);
  if (!ancestry) throw notFound('Entity');
  const grants = actor.admin ? [] : await getGrants(tx, actor.id);
  const perms = permissionsOn(actor, grants, ancestry);
  if (!perms.includes('read')) throw notFound('Entity');
  if (!can(actor, permission, grants, ancestry)) throw forbidden();
  return { ancestry, permissions: perms };
}

/** Superadmin-only routes answer 403 to signed-in users who are not admins. */
export function requireAdmin(actor: Actor): void {
  if (!actor.admin) throw forbidden('Superadmin only');
}
