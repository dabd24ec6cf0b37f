import type { Content } from '@oppslag/common';
import type { assets, contents } from '../db/schema/index';
export type ContentRow = typeof contents.$inferSelect;
export type ContentAssetRow = Pick<
  typeof assets.$inferSelect,
  'id' | 'type' | 'mime' | 'page' | 'hasCropped' | 'updatedAt'
>;
export interface ContentWithAsset {
  content: ContentRow;
  asset: ContentAssetRow | null;
}
/** Asset paths relative to the API base, with the asset's update time as a cache-buster. */
export declare function presentContentAsset(asset: ContentAssetRow): NonNullable<Content['asset']>;
/**
 * The only way a content row leaves the API. `viewedEntityId` marks inherited rows; `masterId`
 * marks rows of the master display that reach every display.
 */
export declare function presentContent(
  { content: row, asset }: ContentWithAsset,
  viewedEntityId?: number,
  masterId?: number | null,
): Content;
