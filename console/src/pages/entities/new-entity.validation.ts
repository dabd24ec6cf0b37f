import { createEntitySchema } from '@oppslag/common/schemas/entity.ts';
import { z } from 'zod';
import type { FieldTexts } from '../../api/error-messages';

/**
 * The new-entity form over the API's own create schema: the form holds text (the parent select's
 * id, an empty code word), which becomes the request body before the API's rules check it, so the
 * dialog answers at once with the rules the server applies. Only defined values are sent (spec §5).
 */
export const newEntityFormSchema = createEntitySchema.extend({
  parentId: z
    .string()
    .transform((v): number | null | undefined => (v ? Number(v) : undefined))
    .pipe(createEntitySchema.shape.parentId),
  codeWord: z
    .string()
    .trim()
    .transform((v): string | null | undefined => v || undefined)
    .pipe(createEntitySchema.shape.codeWord),
});
export type NewEntityForm = z.input<typeof newEntityFormSchema>;

/** The spec §5 sentences of the dialog (namespace entities); the limits are the schema's. */
export const NEW_ENTITY_TEXTS: FieldTexts = {
  name: { too_short: 'entities:validation.nameTooShort', too_long: 'entities:validation.nameTooLong' },
  type: { invalid_value: 'entities:validation.typeInvalid' },
  parentId: {
    invalid_type: 'entities:validation.parentInvalid',
    invalid_value: 'entities:validation.parentInvalid',
  },
  codeWord: {
    too_short: 'entities:validation.codeWordTooShort',
    too_long: 'entities:validation.codeWordTooLong',
    invalid_format: 'entities:validation.codeWordOneWord',
  },
};
