import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { assets } from '../db/schema/index';
import { type AssetRow, presentAsset } from '../presenters/asset.presenter';
import { recordEvent } from './events.service';

/** One asset row, deleted or not (the crop job decides what a missing or changed row means). */
export async function findAsset(tx: Tx, assetId: number): Promise<AssetRow | null> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, assetId));
  return row ?? null;
}

export interface AppliedCrop {
  assetId: number;
  /** The crop version the rendition was made for; a newer request meanwhile makes this a no-op. */
  cropVersion: number;
  /** Storage key of the rendition (derived from asset id and crop version). */
  key: string;
  now: Date;
  hashidAlphabet?: string;
}

/**
 * Points the asset at its rendered crop and records `asset.updated`, in the caller's transaction.
 * Conditional on the crop version still being current and the key not already set, so of two
 * identical crop jobs exactly one records the event; null when nothing changed.
 */
export async function applyAssetCrop(tx: Tx, crop: AppliedCrop): Promise<AssetRow | null> {
  const [next] = await tx
    .update(assets)
    .set({ croppedKey: crop.key, hasCropped: true, updatedAt: crop.now })
    .where(
      and(
        eq(assets.id, crop.assetId),
        eq(assets.cropVersion, crop.cropVersion),
        sql`${assets.croppedKey} is distinct from ${crop.key}`,
      ),
    )
    .returning();
  if (!next) return null;
  await recordEvent(tx, {
    type: 'asset.updated',
    entityId: next.entityId,
    data: presentAsset(next, crop.hashidAlphabet),
  });
  return next;
}
