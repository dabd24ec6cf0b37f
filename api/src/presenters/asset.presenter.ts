import { type Asset, CONTENT_SLOTS } from '@oppslag/common';
import { expectOneOf } from '@oppslag/common/one-of.ts';
import type { assets } from '../db/schema/index';
import { encodeAssetId } from '../lib/hashids';

export type AssetRow = typeof assets.$inferSelect;

/** Storage key of the cropped rendition for one crop version (worker renders and browser crops alike). */
export const croppedKeyFor = (assetId: number, cropVersion: number) =>
  `cropped/${assetId}-v${cropVersion}.webp`;

/** The only way an asset row leaves the API; URLs are relative to the API base and cache-busted. */
export function presentAsset(row: AssetRow, hashidAlphabet?: string): Asset {
  const v = row.updatedAt.getTime();
  return {
    id: row.id,
    hashid: encodeAssetId(row.id, hashidAlphabet),
    entityId: row.entityId,
    name: row.name,
    mime: row.mime,
    bytes: row.bytes,
    type: row.type,
    width: row.width,
    height: row.height,
    pageCount: row.pageCount,
    page: row.page,
    offsetX: row.offsetX,
    offsetY: row.offsetY,
    scale: row.scale,
    slot: row.slot === null ? null : expectOneOf(CONTENT_SLOTS, row.slot, 'an asset slot'),
    hasCropped: row.hasCropped,
    cropPending: row.cropVersion > 0 && row.croppedKey !== croppedKeyFor(row.id, row.cropVersion),
    cropVersion: row.cropVersion,
    originalUrl: `/assets/${row.id}/original?v=${v}`,
    croppedUrl: `/assets/${row.id}/cropped?v=${v}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
