import type { ContentSlot, UpdateAssetCropInput } from '@oppslag/common';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { assets } from '../db/schema/index';
import { invalidField, notFound } from '../errors';
import { type AssetRow, croppedKeyFor, presentAsset } from '../presenters/asset.presenter';
import type { NormalizedFile } from './asset-files';
import { recordEvent } from './events.service';

/**
 * Asks for the render of an asset's crop version: the outbox relay turns the event into the
 * `assets/crop` job (common/src/jobs.ts EVENT_JOBS), so the request commits with the row it renders
 * and waits in PostgreSQL while Redis is down. Payload = the job's (assetCropJobSchema).
 */
async function requestCrop(tx: Tx, row: AssetRow, actorId: number | null): Promise<void> {
  await recordEvent(tx, {
    type: 'asset.cropRequested',
    entityId: row.entityId,
    data: { assetId: row.id, cropVersion: row.cropVersion },
    actorId,
  });
}

/**
 * Inserts an uploaded asset whose file is already stored under `storageKey`. It starts at crop
 * version 1 with the default crop (page 1, scale 1, centred) and requests its rendition at once.
 */
export async function createAsset(
  tx: Tx,
  input: {
    entityId: number;
    name: string;
    file: NormalizedFile;
    storageKey: string;
    slot: ContentSlot | null;
  },
  actor: { id: number },
): Promise<AssetRow> {
  const [row] = await tx
    .insert(assets)
    .values({
      entityId: input.entityId,
      name: input.name,
      mime: input.file.mime,
      bytes: input.file.data.length,
      type: input.file.type,
      width: input.file.width,
      height: input.file.height,
      pageCount: input.file.pageCount,
      slot: input.slot,
      storageKey: input.storageKey,
      cropVersion: 1,
      createdBy: actor.id,
    })
    .returning();
  await requestCrop(tx, row, actor.id);
  return row;
}

/** Stores new crop parameters, bumps the crop version and requests its render (notify after commit). */
export async function updateAssetCrop(
  tx: Tx,
  asset: AssetRow,
  input: UpdateAssetCropInput,
  now: Date,
  actorId: number | null = null,
): Promise<AssetRow> {
  if (input.page > asset.pageCount) {
    throw invalidField(
      { path: 'page', code: 'too_large', params: { maximum: asset.pageCount } },
      `Page must be between 1 and ${asset.pageCount}`,
    );
  }
  const [row] = await tx
    .update(assets)
    .set({
      page: input.page,
      offsetX: input.offsetX,
      offsetY: input.offsetY,
      scale: input.scale,
      ...(input.slot !== undefined ? { slot: input.slot } : {}),
      cropVersion: sql`${assets.cropVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(assets.id, asset.id))
    .returning();
  if (!row) throw notFound('Asset');
  await requestCrop(tx, row, actorId);
  return row;
}

/**
 * Makes a crop the browser rendered the asset's cropped rendition. It takes a crop version of its
 * own, so a server render of older parameters still in flight can no longer replace it. `store`
 * writes the file under the given key inside the transaction, before the row points at it.
 */
export async function storeBrowserCrop(
  tx: Tx,
  asset: AssetRow,
  store: (key: string) => Promise<void>,
  opts: { now: Date; actorId: number; hashidAlphabet?: string },
): Promise<{ row: AssetRow; previousKey: string | null }> {
  const [locked] = await tx.select().from(assets).where(eq(assets.id, asset.id)).for('update');
  if (!locked) throw notFound('Asset');
  const version = locked.cropVersion + 1;
  const key = croppedKeyFor(asset.id, version);
  await store(key);
  const [row] = await tx
    .update(assets)
    .set({ cropVersion: version, croppedKey: key, hasCropped: true, updatedAt: opts.now })
    .where(eq(assets.id, asset.id))
    .returning();
  await recordEvent(tx, {
    type: 'asset.updated',
    entityId: row.entityId,
    data: presentAsset(row, opts.hashidAlphabet),
    actorId: opts.actorId,
  });
  return { row, previousKey: locked.croppedKey };
}
