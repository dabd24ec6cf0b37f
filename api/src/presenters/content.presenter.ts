import { type Content, isShowing } from '@oppslag/common';
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
export function presentContentAsset(asset: ContentAssetRow): NonNullable<Content['asset']> {
  const v = asset.updatedAt.getTime();
  return {
    id: asset.id,
    type: asset.type,
    mime: asset.mime,
    page: asset.page,
    hasCropped: asset.hasCropped,
    croppedUrl: `/assets/${asset.id}/cropped?v=${v}`,
    originalUrl: `/assets/${asset.id}/original?v=${v}`,
  };
}

/**
 * The only way a content row leaves the API. `viewedEntityId` marks inherited rows; `masterId`
 * marks rows of the master display that reach every display.
 */
export function presentContent(
  { content: row, asset }: ContentWithAsset,
  viewedEntityId: number = row.entityId,
  masterId: number | null = null,
  now: Date = new Date(),
): Content {
  return {
    id: row.id,
    entityId: row.entityId,
    userId: row.userId,
    slot: row.slot,
    type: row.type,
    start: row.start.toISOString(),
    end: row.end ? row.end.toISOString() : null,
    duration: row.duration,
    schedule: row.schedule ?? null,
    showingNow: isShowing({ start: row.start, end: row.end, schedule: row.schedule }, now),
    approved: row.approved,
    isTemplate: row.isTemplate,
    locked: row.locked,
    templateId: row.templateId,
    templateText: row.templateText,
    assetId: row.assetId,
    asset: asset ? presentContentAsset(asset) : null,
    inherited: row.entityId !== viewedEntityId,
    master: masterId !== null && row.entityId === masterId && viewedEntityId !== masterId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
