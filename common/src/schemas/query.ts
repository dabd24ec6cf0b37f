import { z } from 'zod';

/** A boolean in a query string: true/false (also 1/0). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'Expected true or false' })
  .transform((v) => v === 'true' || v === '1');

/** A three-way query filter: only true, only false, or all rows. */
export const queryTriState = z
  .enum(['true', 'false', '1', '0', 'all'], { error: 'Expected true, false or all' })
  .transform((v) => (v === 'all' ? ('all' as const) : v === 'true' || v === '1'));

/** An instant in ISO 8601 with a zone offset or Z (what `Date.toISOString()` and dayjs send). */
export const isoInstant = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .pipe(z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date and time` }))
    .transform((v) => new Date(v));

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value like #e0d6d0');

/** A positive whole number in a query string (an id, a cursor, a limit). */
export const queryInt = (field: string) =>
  z
    .string({ error: `${field} must be a whole number` })
    .regex(/^\d{1,10}$/, `${field} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${field} must be at least 1`));
