import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities } from '../db/schema/index';
import { invalidField } from '../errors';

/**
 * Two live entities of the same name (case and surrounding spaces aside) under one parent are
 * refused (issue 31 item 7): the context switcher, breadcrumbs and move targets name entities by
 * name, so a second "Solbakken borettslag" could not be told from the first. Checked on create,
 * rename and move.
 */
export async function assertNameFree(
  tx: Tx,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<void> {
  const [twin] = await tx
    .select({ id: entities.id })
    .from(entities)
    .where(
      and(
        parentId === null ? sql`${entities.parentId} is null` : eq(entities.parentId, parentId),
        eq(entities.deleted, false),
        sql`lower(trim(${entities.name})) = lower(trim(${name}))`,
        exceptId === undefined ? undefined : ne(entities.id, exceptId),
      ),
    )
    .limit(1);
  if (twin)
    throw invalidField({ path: 'name', code: 'taken' }, 'Another entity under the same parent has this name');
}
