import type { ContentSlot } from '@oppslag/common';
import type { Tx } from '../db/client';
/**
 * The master display (installation.master_display_id) holds the content edited under
 * /admin/master/{adsSmall|adsLarge|template}. It reaches every display below the master entity:
 * the entity the master display hangs under (the root, as installed).
 */
export interface MasterScope {
  masterId: number;
  parentId: number | null;
}
export declare function getMasterScope(tx: Tx): Promise<MasterScope | null>;
/** Whether master content of this kind reaches an entity with this ancestry (entity id first). */
export declare function masterReaches(
  scope: MasterScope | null,
  ancestry: readonly number[],
  slot: ContentSlot,
  isTemplate: boolean | 'all',
): scope is MasterScope;
