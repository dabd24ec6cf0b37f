import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities } from '../db/schema/index';
import type { EntityRow } from '../presenters/entity.presenter';

/**
 * The entity and all its ancestors as full rows, entity first, in one recursive query; null when
 * the entity is missing or deleted. Display reads build on it so they cost one round trip for the
 * whole hierarchy.
 */
export async function loadChain(tx: Tx, entityId: number): Promise<EntityRow[] | null> {
  if (!Number.isSafeInteger(entityId) || entityId <= 0 || entityId > 2147483647) return null;
  const rows = await tx
    .select()
    .from(entities)
    .where(
      sql`${entities.id} in (
        with recursive chain(id, parent_id, depth) as (
          select id, parent_id, 0 from entities where id = ${entityId}
          union all
          select e.id, e.parent_id, c.depth + 1 from entities e join chain c on e.id = c.parent_id where c.depth < 64
        ) select id from chain)`,
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: EntityRow[] = [];
  let current = byId.get(entityId);
  while (current && chain.length < 65) {
    chain.push(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  if (chain.length === 0 || chain[0].deleted) return null;
  return chain;
}

/** The nearest organization in a chain (the display's own organization), if any. */
export const nearestOrganization = <T extends { type: string }>(chain: readonly T[]): T | null =>
  chain.find((e) => e.type === 'organization') ?? null;
