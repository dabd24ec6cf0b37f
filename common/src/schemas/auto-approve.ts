import { z } from 'zod';

/** Country codes accepted next to a phone number (ISO 3166-1 alpha-2); the default is NO. */
const countrySchema = z
  .string({ error: 'Country must be a two-letter code' })
  .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code')
  .transform((c) => c.toUpperCase());

/** An ISO date (`2026-12-31`, valid through that day in Europe/Oslo) or an ISO date-time. */
const expirationSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Expiration date must be a date',
});

/** Create/update payload; the number is validated and normalized by the service for its country. */
export const autoApproveNumberInputSchema = z.strictObject({
  number: z.string({ error: 'Phone number must be a string' }).trim().max(40, 'Phone number is too long'),
  country: countrySchema.optional(),
  description: z
    .string({ error: 'Description must be a string' })
    .trim()
    .max(255, 'Description cannot be more than 255 characters long')
    .default(''),
  expirationDate: expirationSchema.nullable().optional(),
});
export type AutoApproveNumberInput = z.infer<typeof autoApproveNumberInputSchema>;

/**
 * A number has no start date, so it is `active` until its expiration passes and `expired` after;
 * the spec's third state, scheduled, cannot occur for numbers.
 */
export const AUTO_APPROVE_STATES = ['active', 'expired'] as const;

export const autoApproveNumberSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  number: z.string(),
  description: z.string(),
  expirationDate: z.string().nullable(),
  state: z.enum(AUTO_APPROVE_STATES),
});
export type AutoApproveNumber = z.infer<typeof autoApproveNumberSchema>;
