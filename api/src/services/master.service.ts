import type { ContentSlot } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities, installation } from '../db/schema/index';

/**
 * The master display (installation.master_display_id) holds the content edited under
 * /admin/master/{adsSmall|adsLarge|template}. It reaches every display below the master entity:
 * the entity the master display hangs under (the root, as installed).
 */
export interface MasterScope {
  masterId: number;
  parentId: number | null;
}

export async function getMasterScope(tx: Tx): Promise<MasterScope | null> {
  const [row] = await tx
    .select({ masterId: installation.masterDisplayId, parentId: entities.parentId })
    .from(installation)
    .innerJoin(entities, eq(entities.id, installation.masterDisplayId))
    .where(eq(installation.id, 1));
  return row ?? null;
}

/** Whether master content of this kind reaches an entity with this ancestry (entity id first). */
export function masterReaches(
  scope: MasterScope | null,
  ancestry: readonly number[],
  slot: ContentSlot,
  isTemplate: boolean | 'all',
): scope is MasterScope {
  if (!scope || ancestry[0] === scope.masterId) return false;
  if (scope.parentId !== null && !ancestry.includes(scope.parentId)) return false;
  return slot === 'adsSmall' || slot === 'adsLarge' || (slot === 'banner' && isTemplate === true);
}
