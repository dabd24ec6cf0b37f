import { z } from 'zod';
import { withFieldCode } from '../errors';
import { NOTE_ICONS, NOTE_STATES } from '../notes';
import { hexColorSchema, isoInstant, queryBoolean, queryTriState } from './query';

/** Spec §5: "End: minimum the start date." */
export const NOTE_END_BEFORE_START_MESSAGE = 'End cannot be before the start date';
export const NOTE_TEXT_MAX = 10_000;

const noteFields = {
  /** Optional echo of the path's entity; it must match the path when sent. */
  entityId: z.number().int().positive().optional(),
  ownerId: z.number({ error: 'Owner id must be an integer' }).int().positive().nullable().optional(),
  text: z
    .string({ error: 'Note text must be a string' })
    .min(1, 'Note text cannot be empty')
    .max(NOTE_TEXT_MAX, `Note text cannot be more than ${NOTE_TEXT_MAX} characters long`),
  icon: z.enum(NOTE_ICONS, { error: `Icon must be one of ${NOTE_ICONS.join(', ')}` }),
  iconColor: hexColorSchema,
  date: isoInstant('Start date'),
  end: isoInstant('End date').nullable(),
  sticky: z.boolean({ error: 'Sticky must be a boolean' }),
  approved: z.boolean({ error: 'Approved must be a boolean' }),
};

const endAfterStart = (v: { date?: Date; end?: Date | null }) => !v.date || !v.end || v.end >= v.date;

/** POST body: text and start date are required, everything else has a default. */
export const createNoteSchema = z
  .strictObject({
    ...noteFields,
    icon: noteFields.icon.optional(),
    iconColor: noteFields.iconColor.optional(),
    end: noteFields.end.optional(),
    sticky: noteFields.sticky.optional(),
    approved: noteFields.approved.optional(),
  })
  .refine(endAfterStart, {
    message: NOTE_END_BEFORE_START_MESSAGE,
    path: ['end'],
    ...withFieldCode('end_before_start'),
  });
export type CreateNoteInput = z.infer<typeof createNoteSchema>;

/** PUT body: any subset of the fields (approve/reject is `{ approved }`); `id` may be echoed. */
export const updateNoteSchema = z
  .strictObject({
    id: z.number().int().positive().optional(),
    entityId: noteFields.entityId,
    ownerId: noteFields.ownerId,
    text: noteFields.text.optional(),
    icon: noteFields.icon.optional(),
    iconColor: noteFields.iconColor.optional(),
    date: noteFields.date.optional(),
    end: noteFields.end.optional(),
    sticky: noteFields.sticky.optional(),
    approved: noteFields.approved.optional(),
  })
  .refine(endAfterStart, {
    message: NOTE_END_BEFORE_START_MESSAGE,
    path: ['end'],
    ...withFieldCode('end_before_start'),
  });
export type UpdateNoteInput = z.infer<typeof updateNoteSchema>;

/** Get-content query of spec §3 for notes; `approved` defaults to true, `all` lists both. */
export const noteListQuerySchema = z.object({
  includeParents: queryBoolean.default(false),
  approved: queryTriState.default(true),
});

export const noteSchema = z.object({
  id: z.number().int(),
  /** The entity the note belongs to; differs from the requested entity for inherited notes. */
  entityId: z.number().int(),
  ownerId: z.number().int().nullable(),
  text: z.string(),
  icon: z.enum(NOTE_ICONS),
  iconColor: z.string(),
  date: z.string(),
  end: z.string().nullable(),
  sticky: z.boolean(),
  approved: z.boolean(),
  source: z.enum(['console', 'sms']),
  state: z.enum(NOTE_STATES),
  inherited: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
