import { z } from 'zod';
import { withFieldCode } from '../errors';
import { CONTENT_SLOTS } from '../feature-sets';
import { scheduleOutSchema, scheduleSchema } from '../schedule';
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
  type: z
    .union([z.enum(CONTENT_TYPES), z.literal(1), z.literal(2)], {
      error: `Type must be one of ${CONTENT_TYPES.join(', ')}`,
    })
    .transform((t) => (t === 1 ? 'banner-asset' : t === 2 ? 'banner-template' : t))
    .optional()
    .meta({
      description: `${CONTENT_TYPES.join(' or ')}; the spec's content type enum 1 (asset) / 2 (template) too`,
    }),
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
  /** Repeating weekdays and time window inside the period; null removes it. */
  schedule: scheduleSchema.nullable().optional(),
  isTemplate: z.boolean({ error: 'isTemplate must be a boolean' }).optional(),
  locked: z.boolean({ error: 'Locked must be a boolean' }).optional(),
  templateId: z.string().trim().min(1).max(64).nullable().optional(),
  templateText: z.string().max(TEMPLATE_TEXT_MAX).nullable().optional(),
  assetId: z.number({ error: 'Asset id must be an integer' }).int().positive().nullable().optional(),
};

/**
 * The spec's names (content-and-display §3: "assetId or asset", "template (template id)") for
 * fields the API calls `assetId` and `templateId`; both are accepted, the API's name wins.
 */
const specAliases = {
  template: fields.templateId.meta({ description: 'Spec name of `templateId`' }),
  asset: z
    .object({ id: z.number({ error: 'Asset id must be an integer' }).int().positive() })
    .nullable()
    .optional()
    .meta({ description: 'Spec form of `assetId`: the asset object (only its `id` is read)' }),
};

const endAfterStart = (v: { start?: Date; end?: Date | null }) => !v.start || !v.end || v.end >= v.start;

/** POST and PUT body of a slot's content; omitted fields take spec §9's defaults (POST) or stay (PUT). */
export const contentInputSchema = z
  .strictObject({ ...fields, ...specAliases })
  .refine(endAfterStart, {
    message: BANNER_END_BEFORE_START_MESSAGE,
    path: ['end'],
    ...withFieldCode('end_before_start'),
  })
  .transform(({ template, asset, ...input }) => ({
    ...input,
    templateId: input.templateId !== undefined ? input.templateId : template,
    assetId: input.assetId !== undefined ? input.assetId : asset === null ? null : asset?.id,
  }));
export type ContentInput = z.infer<typeof contentInputSchema>;

/**
 * Get-content query of spec §3 ("includeParents, approved (default true), slot, type"); the slot
 * is the path's, `isTemplate` defaults to false, and `type` filters by content type, by name or by
 * the spec's enum number (1 asset, 2 template).
 */
export const contentListQuerySchema = z.object({
  includeParents: queryBoolean.default(false),
  approved: queryTriState.default(true),
  isTemplate: queryTriState.default(false),
  type: z
    .enum([...CONTENT_TYPES, '1', '2'], { error: `Type must be one of ${CONTENT_TYPES.join(', ')}, 1 or 2` })
    .transform((t): ContentType => (t === '1' ? 'banner-asset' : t === '2' ? 'banner-template' : t))
    .optional()
    .meta({ description: `${CONTENT_TYPES.join(' or ')}; the spec's enum 1 (asset) / 2 (template) too` }),
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
  userId: z.number().int().nullable().meta({ description: 'The author (the spec’s `user`)' }),
  slot: contentSlotSchema,
  type: z.enum(CONTENT_TYPES),
  start: z.string(),
  end: z.string().nullable(),
  duration: z.number().int().nullable(),
  schedule: scheduleOutSchema.nullable(),
  /** Whether it is in the slider right now by time (period and schedule; approval aside). */
  showingNow: z.boolean(),
  approved: z.boolean().nullable(),
  isTemplate: z.boolean(),
  locked: z.boolean(),
  templateId: z.string().nullable().meta({ description: 'Built-in template id (the spec’s `template`)' }),
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
