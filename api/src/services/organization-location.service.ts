import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { entities } from '../db/schema/index';

/** The live organizations, in id order: the weather sweep polls each of them. */
export async function liveOrganizationIds(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.type, 'organization'), eq(entities.deleted, false)))
    .orderBy(asc(entities.id));
  return rows.map((r) => r.id);
}

/**
 * Where an organization is: its own coordinates, else those of the first transit stop with
 * coordinates on it or on any entity below it (nearest level first). Null for a deleted or unknown
 * organization, or one with no coordinates anywhere.
 */
export async function organizationLocation(
  tx: Tx,
  organizationId: number,
): Promise<{ latitude: number; longitude: number } | null> {
  const [org] = await tx
    .select({ latitude: entities.latitude, longitude: entities.longitude })
    .from(entities)
    .where(and(eq(entities.id, organizationId), eq(entities.deleted, false)));
  if (!org) return null;
  if (org.latitude != null && org.longitude != null)
    return { latitude: org.latitude, longitude: org.longitude };
  const result = await tx.execute(sql`
    with recursive tree(id, depth) as (
      select id, 0 from entities where id = ${organizationId}
      union all
      select e.id, t.depth + 1 from entities e join tree t on e.parent_id = t.id where not e.deleted and t.depth < 64
    )
    select s.latitude, s.longitude from transit_stops s join tree t on t.id = s.entity_id
    where s.latitude is not null and s.longitude is not null
    order by t.depth, s.id limit 1`);
  const [stop] = rowsOf<{ latitude: number; longitude: number }>(result);
  return stop ? { latitude: Number(stop.latitude), longitude: Number(stop.longitude) } : null;
}
