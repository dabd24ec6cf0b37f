import { z } from 'zod';
import { withFieldCode } from '../errors';
import { CONTENT_SLOTS } from '../feature-sets';
import { isoInstant, queryBoolean, queryTriState } from './query';

export const CONTENT_TYPES = ['banner-asset', 'banner-template'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Spec §5: "Banner dates: minimum today, maximum one year ahead; end minimum is the start date." */
export const BANNER_END_BEFORE_START_MESSAGE = 'End cannot be before the start date';
export const BANNER_START_BEFORE_TODAY_MESSAGE = 'Start cannot be before today';
export const BANNER_DATE_TOO_LATE_MESSAGE = 'Banner dates cannot be more than one year ahead';
export const BANNER_DEFAULT_DURATION = 30;
export const BANNER_DEFAULT_DAYS = 14;
export const BANNER_DURATION_MAX = 3600;
export const TEMPLATE_TEXT_MAX = 20_000;
/** "Unresolvable content or entity type" (spec §8). */
export const UNKNOWN_SLOT_MESSAGE = 'failed to resolve entity type';

export const contentSlotSchema = z.enum(CONTENT_SLOTS, { error: UNKNOWN_SLOT_MESSAGE });

const fields = {
  id: z.number().int().positive().optional(),
  /** Optional echoes of the path; they must match it when sent. */
  entityId: z.number().int().positive().optional(),
  slot: contentSlotSchema.optional(),
  type: z.enum(CONTENT_TYPES, { error: `Type must be one of ${CONTENT_TYPES.join(', ')}` }).optional(),
  start: isoInstant('Start date').optional(),
  end: isoInstant('End date').nullable().optional(),
  duration: z
    .number({ error: 'Duration must be a number of seconds' })
    .int('Duration must be a whole number of seconds')
    .min(1, 'Duration must be at least 1 second')
    .max(BANNER_DURATION_MAX, `Duration cannot be more than ${BANNER_DURATION_MAX} seconds`)
    .nullable()
    .optional(),
  approved: z.boolean({ error: 'Approved must be a boolean' }).nullable().optional(),
  isTemplate: z.boolean({ error: 'isTemplate must be a boolean' }).optional(),
  locked: z.boolean({ error: 'Locked must be a boolean' }).optional(),
  templateId: z.string().trim().min(1).max(64).nullable().optional(),
  templateText: z.string().max(TEMPLATE_TEXT_MAX).nullable().optional(),
  assetId: z.number({ error: 'Asset id must be an integer' }).int().positive().nullable().optional(),
};

const endAfterStart = (v: { start?: Date; end?: Date | null }) => !v.start || !v.end || v.end >= v.start;

/** POST and PUT body of a slot's content; omitted fields take spec §9's defaults (POST) or stay (PUT). */
export const contentInputSchema = z.strictObject(fields).refine(endAfterStart, {
  message: BANNER_END_BEFORE_START_MESSAGE,
  path: ['end'],
  ...withFieldCode('end_before_start'),
});
export type ContentInput = z.infer<typeof contentInputSchema>;

/** Get-content query of spec §3; `approved` defaults to true and `isTemplate` to false. */
export const contentListQuerySchema = z.object({
  includeParents: queryBoolean.default(false),
  approved: queryTriState.default(true),
  isTemplate: queryTriState.default(false),
});

export const contentAssetSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  mime: z.string(),
  page: z.number().int(),
  hasCropped: z.boolean(),
  /** Cache-busting paths under the API base: `/assets/{id}/cropped?v=…` and `/original?v=…`. */
  croppedUrl: z.string(),
  originalUrl: z.string(),
});

export const contentSchema = z.object({
  id: z.number().int(),
  /** The entity the content belongs to; differs from the requested entity when inherited or master. */
  entityId: z.number().int(),
  userId: z.number().int().nullable(),
  slot: contentSlotSchema,
  type: z.enum(CONTENT_TYPES),
  start: z.string(),
  end: z.string().nullable(),
  duration: z.number().int().nullable(),
  approved: z.boolean().nullable(),
  isTemplate: z.boolean(),
  locked: z.boolean(),
  templateId: z.string().nullable(),
  templateText: z.string().nullable(),
  assetId: z.number().int().nullable(),
  asset: contentAssetSchema.nullable(),
  inherited: z.boolean(),
  /** True for content of the master display that reaches every display. */
  master: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Content = z.infer<typeof contentSchema>;
