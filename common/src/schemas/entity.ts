import { z } from 'zod';
import {
  CODE_WORD_MAX,
  CODE_WORD_MIN,
  ENTITY_NAME_MAX,
  ENTITY_NAME_MIN,
  ENTITY_TYPES,
  SMS_DAILY_REPLY_LIMIT_MAX,
  SMS_MONTHLY_BUDGET_MAX,
} from '../constants';
import { quietHoursSchema } from '../quiet-hours';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value like #e0d6d0');

/** Entity name with the exact messages of platform spec §5. */
export const entityNameSchema = z
  .string({ error: 'Entity name must be a string' })
  .trim()
  .min(ENTITY_NAME_MIN, `Entity name has to be at least ${ENTITY_NAME_MIN} characters long`)
  .max(ENTITY_NAME_MAX, `Entity name cannot be more than ${ENTITY_NAME_MAX} characters long`);

export const entityTypeSchema = z.enum(ENTITY_TYPES, { error: 'Entity type is not one of accepted values' });

export const codeWordSchema = z
  .string({ error: 'Code word must be a string' })
  .trim()
  .min(CODE_WORD_MIN, `Code word has to be at least ${CODE_WORD_MIN} characters long`)
  .max(CODE_WORD_MAX, `Code word cannot be more than ${CODE_WORD_MAX} characters long`)
  // Residents text it as the first word of an SMS: letters and digits only (no markup, no signs).
  .regex(/^[\p{L}\p{N}]+$/u, 'Code word can only have letters and digits, in one word');

export const createEntitySchema = z.strictObject({
  name: entityNameSchema,
  type: entityTypeSchema,
  parentId: z.number({ error: 'Parent id must be an integer' }).int().positive().nullable().optional(),
  codeWord: codeWordSchema.nullable().optional(),
});
export type CreateEntityInput = z.infer<typeof createEntitySchema>;

/** Every editable field of an entity (settings cards, special features, drag and drop). */
export const updateEntitySchema = z.strictObject({
  id: z.number().int().optional(),
  name: entityNameSchema.optional(),
  type: entityTypeSchema.optional(),
  parentId: z.number().int().positive().nullable().optional(),
  codeWord: codeWordSchema.nullable().optional(),
  showCodeWord: z.boolean().optional(),
  /** Organisasjonsnummer: 9 digits (spaces between groups allowed), or none. */
  orgnum: z
    .string()
    .trim()
    .regex(/^(\d{3} ?\d{3} ?\d{3})?$/, 'The organization number must be 9 digits')
    .nullable()
    .optional(),
  street: z.string().trim().max(255).nullable().optional(),
  /** Postnummer: 4 digits, or none. */
  zip: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, 'The postcode must be 4 digits')
    .nullable()
    .optional(),
  city: z.string().trim().max(255).nullable().optional(),
  phoneNumber: z.string().trim().max(40).nullable().optional(),
  displayInformation: z.string().max(2000).nullable().optional(),
  orientation: z.union([z.literal(0), z.literal(1)]).optional(),
  noteBoardBackgroundColor: hexColor.optional(),
  bannerFallbackText: z.string().max(2000).nullable().optional(),
  /** Large print on the screens: true or false, null to inherit from the parent. */
  largePrint: z.boolean().nullable().optional(),
  smsDailyReplyLimit: z
    .number({ error: 'The daily reply limit must be a whole number' })
    .int('The daily reply limit must be a whole number')
    .min(0, 'The daily reply limit cannot be negative')
    .max(SMS_DAILY_REPLY_LIMIT_MAX, `The daily reply limit cannot be more than ${SMS_DAILY_REPLY_LIMIT_MAX}`)
    .optional(),
  smsMonthlyBudget: z
    .number({ error: 'The monthly SMS budget must be a whole number' })
    .int('The monthly SMS budget must be a whole number')
    .min(0, 'The monthly SMS budget cannot be negative')
    .max(SMS_MONTHLY_BUDGET_MAX, `The monthly SMS budget cannot be more than ${SMS_MONTHLY_BUDGET_MAX}`)
    .optional(),
  features: z.array(z.string().min(1).max(64)).max(32).optional(),
  services: z.record(z.string(), z.boolean()).optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  /** Own quiet hours; null inherits the nearest ancestor's. */
  quietHours: quietHoursSchema.nullable().optional(),
});
export type UpdateEntityInput = z.infer<typeof updateEntitySchema>;

export const deleteEntitySchema = z.strictObject({
  withChildren: z.boolean().optional(),
  moveTo: z.number().int().positive().nullable().optional(),
});

/** An entity as presented by the API. `displayId` is the Sqids hashid for displays. */
export const entitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: entityTypeSchema,
  parentId: z.number().int().nullable(),
  orgnum: z.string().nullable(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  displayInformation: z.string().nullable(),
  orientation: z.number().int(),
  codeWord: z.string().nullable(),
  showCodeWord: z.boolean(),
  noteBoardBackgroundColor: z.string(),
  bannerFallbackText: z.string().nullable(),
  /** The entity's own large-print choice (null: inherited); the manifest carries the resolved one. */
  largePrint: z.boolean().nullable(),
  /** Replies one resident number gets per day, and SMS the organization may send per month. */
  smsDailyReplyLimit: z.number().int(),
  smsMonthlyBudget: z.number().int(),
  features: z.array(z.string()),
  services: z.record(z.string(), z.boolean()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The entity's own quiet hours (null: inherited); the manifest carries the resolved ones. */
  quietHours: quietHoursSchema.nullable(),
  displayId: z.string().nullable().meta({
    description:
      'Hashed display id (Sqids) of a display, null for other types; platform spec §3 calls it the hashed display id and registrationHandle',
  }),
  apiKey: z.string().nullable().optional(),
  onlineStatus: z.boolean().nullable().optional(),
  registered: z.boolean().optional(),
  deleted: z.boolean(),
  permissions: z.array(z.string()).optional(),
  /**
   * Only on a member's highest readable entities: the chain above it, nearest first, with just the
   * names and special features. What is switched on above (e.g. the banner slot of the organization)
   * is on for everything below, and inherited notes and banners name where they come from.
   */
  ancestors: z
    .array(z.object({ id: z.number().int(), name: z.string(), features: z.array(z.string()) }))
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Entity = z.infer<typeof entitySchema>;
