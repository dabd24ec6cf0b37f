import { z } from 'zod';
import { CROP_SCALE_MAX, CROP_SCALE_MIN } from '../crop';
import { CONTENT_SLOTS } from '../feature-sets';

/** Asset types of content spec §3. */
export const ASSET_TYPES = { unknown: 0, image: 1, pdf: 2 } as const;

/** Offsets are slot pixels; anything beyond this moves the source entirely out of every slot. */
const OFFSET_LIMIT = 10_000;
const offset = (axis: string) =>
  z
    .number({ error: `Offset ${axis} must be a number` })
    .min(-OFFSET_LIMIT, `Offset ${axis} is out of range`)
    .max(OFFSET_LIMIT, `Offset ${axis} is out of range`);

/** `PUT /api/assets/{id}`: new crop parameters; the cropped rendition is rendered again. */
export const updateAssetCropSchema = z.strictObject({
  page: z
    .number({ error: 'Page must be an integer' })
    .int('Page must be an integer')
    .min(1, 'Page must be at least 1'),
  offsetX: offset('x'),
  offsetY: offset('y'),
  scale: z
    .number({ error: 'Scale must be a number' })
    .min(CROP_SCALE_MIN, `Scale must be between ${CROP_SCALE_MIN} and ${CROP_SCALE_MAX}`)
    .max(CROP_SCALE_MAX, `Scale must be between ${CROP_SCALE_MIN} and ${CROP_SCALE_MAX}`),
  /** The slot whose size the crop is rendered for; the banner when never set. */
  slot: z.enum(CONTENT_SLOTS, { error: 'Unknown slot' }).nullable().optional(),
});
export type UpdateAssetCropInput = z.infer<typeof updateAssetCropSchema>;

export const assetSchema = z.object({
  id: z.number().int(),
  /** The public id (Sqids, min length 20); routes accept it or the numeric id. */
  hashid: z.string(),
  entityId: z.number().int(),
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  /** 0 unknown, 1 image, 2 pdf. */
  type: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  pageCount: z.number().int(),
  page: z.number().int(),
  offsetX: z.number(),
  offsetY: z.number(),
  scale: z.number(),
  slot: z.enum(CONTENT_SLOTS).nullable(),
  /** A cropped rendition exists (it may be of an older crop while `cropPending`). */
  hasCropped: z.boolean(),
  /** The newest crop parameters have not been rendered yet. */
  cropPending: z.boolean(),
  cropVersion: z.number().int(),
  /** Cache-busting paths under the API base. */
  originalUrl: z.string(),
  croppedUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetResponseSchema = z.object({ asset: assetSchema });

/** `POST /api/assets/session`: until when the browser's asset file cookie holds. */
export const assetFileSessionSchema = z.object({ expiresAt: z.string() });
