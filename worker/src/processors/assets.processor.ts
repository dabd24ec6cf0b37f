import {
  type AppDeps,
  type AssetRow,
  applyAssetCrop,
  croppedKeyFor,
  findAsset,
  type ProcessorRegistry,
  SAFE_DECODE,
  unitOfWork,
} from '@oppslag/api/core';
import {
  type AssetCropJob,
  CROP_BACKGROUND,
  cropFitFor,
  isContentSlot,
  planCrop,
  resolveFeatureSet,
} from '@oppslag/common';
import sharp, { type OverlayOptions } from 'sharp';
import type { WorkerContext } from './index';
import { renderPdfPage } from './pdf-render';

export type AssetCropDeps = Pick<AppDeps, 'database' | 'storage' | 'logger' | 'config' | 'outbox' | 'now'>;

/** The size an asset's crop is rendered at: its slot in this feature set, else the uploader default. */
export const UPLOADER_DEFAULT_SIZE = { width: 480, height: 895 };
export function cropSize(featureSetName: string, slot: string | null): { width: number; height: number } {
  if (!slot) return UPLOADER_DEFAULT_SIZE;
  const config = isContentSlot(slot) ? resolveFeatureSet(featureSetName).slots[slot] : undefined;
  return config ? { width: config.width, height: config.height } : UPLOADER_DEFAULT_SIZE;
}

/**
 * Renders the crop of an asset row: its page (PDF) or image, placed by scale and offset, as WebP.
 * A PDF page is contained on white paper (its heading stays), an image covers the slot.
 */
export async function renderCrop(
  row: AssetRow,
  original: Buffer,
  size: { width: number; height: number },
): Promise<Buffer> {
  // Originals were decoded and re-encoded on upload; PDFs are rendered to an image first.
  const source = row.type === 2 ? await renderPdfPage(original, row.page, size, row.scale) : original;
  const meta = await sharp(source, SAFE_DECODE).metadata();
  if (!meta.width || !meta.height) throw new Error(`Asset ${row.id} has no readable image`);
  const fit = cropFitFor(row.type);
  const plan = planCrop({ width: meta.width, height: meta.height }, size, {
    scale: row.scale,
    offsetX: row.offsetX,
    offsetY: row.offsetY,
    fit,
  });
  const layers: OverlayOptions[] = [];
  if (plan.source && plan.target) {
    const part = await sharp(source, SAFE_DECODE)
      .extract(plan.source)
      .resize(plan.target.width, plan.target.height, { fit: 'fill' })
      .toBuffer();
    layers.push({ input: part, left: plan.target.left, top: plan.target.top });
  }
  return sharp({ create: { ...size, channels: 4, background: CROP_BACKGROUND[fit] } })
    .composite(layers)
    .webp({ quality: 90 })
    .toBuffer();
}

export type CropOutcome = 'rendered' | 'already-done' | 'stale' | 'missing';

/**
 * The `assets/crop` job, started by the relay from an `asset.cropRequested` event. BullMQ may run
 * it more than once and crop requests may overtake each other, so: only the asset's newest crop version is written; the output key is derived from
 * (asset id, crop version) and is written once; the row flips to it with a conditional update,
 * so of two identical runs exactly one records the `asset.updated` event.
 */
export async function renderAssetCrop(deps: AssetCropDeps, job: AssetCropJob): Promise<CropOutcome> {
  const db = deps.database.db;
  const row = await findAsset(db, job.assetId);
  if (!row) return 'missing';
  if (row.cropVersion !== job.cropVersion) return 'stale';
  const key = croppedKeyFor(row.id, job.cropVersion);
  if (row.croppedKey === key) return 'already-done';
  if (!(await deps.storage.exists(key))) {
    const original = await deps.storage.get(row.storageKey);
    if (!original) return 'missing';
    await deps.storage.put(key, await renderCrop(row, original, cropSize(deps.config.featureSet, row.slot)));
  }
  const updated = await unitOfWork(deps, (tx) =>
    applyAssetCrop(tx, {
      assetId: row.id,
      cropVersion: job.cropVersion,
      key,
      now: deps.now(),
      hashidAlphabet: deps.config.hashidAlphabet,
    }),
  );
  if (!updated) {
    const now = await findAsset(db, row.id);
    if (now?.croppedKey === key) return 'already-done';
    // A newer crop was requested meanwhile: this rendition will never be referenced.
    await deps.storage.delete(key);
    return 'stale';
  }
  if (row.croppedKey && row.croppedKey !== key)
    await deps.storage.delete(row.croppedKey).catch(() => undefined);
  return 'rendered';
}

/** The BullMQ scheduler that used to re-queue pending crops (redeliver.ts covers lost jobs now). */
const RETIRED_ASSETS_SCHEDULER = 'assets-sweep';

/**
 * Registers the `assets/crop` job, which the outbox relay starts from `asset.cropRequested`
 * events, and removes the retired sweep scheduler an older version left in Redis.
 */
export function registerAssetProcessors(registry: ProcessorRegistry, ctx: WorkerContext): void {
  registry.register('assets', 'crop', (data) => renderAssetCrop(ctx.deps, data));
  void ctx.queues
    .queue('assets')
    .removeJobScheduler(RETIRED_ASSETS_SCHEDULER)
    .catch(() => undefined);
}
