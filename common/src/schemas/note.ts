import { z } from 'zod';
import { withFieldCode } from '../errors';
import { NOTE_ICONS, NOTE_STATES } from '../notes';
import { scheduleOutSchema, scheduleSchema } from '../schedule';
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
  /** Repeating weekdays and time window inside the period; null removes it. */
  schedule: scheduleSchema.nullable(),
};

/**
 * The spec's other name for the start date (content spec §3: "Note: … date (start)", and `start`
 * on content in general). Accepted in bodies; the API answers with `date`.
 */
const startAlias = isoInstant('Start date')
  .optional()
  .meta({ description: 'The spec’s name for `date` (content spec §3 "date (start)"); give one of the two' });
const dateField = noteFields.date
  .optional()
  .meta({ description: 'Start of the note (content spec §3 "date (start)"); `start` is accepted too' });

const endAfterStart = (v: { date?: Date; start?: Date; end?: Date | null }) => {
  const start = v.date ?? v.start;
  return !start || !v.end || v.end >= start;
};

/** POST body: text and start date (`date` or `start`) are required, everything else has a default. */
export const createNoteSchema = z
  .strictObject({
    ...noteFields,
    date: dateField,
    start: startAlias,
    icon: noteFields.icon.optional(),
    iconColor: noteFields.iconColor.optional(),
    end: noteFields.end.optional(),
    sticky: noteFields.sticky.optional(),
    approved: noteFields.approved.optional(),
    schedule: noteFields.schedule.optional(),
  })
  .refine(endAfterStart, {
    message: NOTE_END_BEFORE_START_MESSAGE,
    path: ['end'],
    ...withFieldCode('end_before_start'),
  })
  .transform(({ start, ...rest }, ctx) => {
    const date = rest.date ?? start;
    if (date) return { ...rest, date };
    ctx.addIssue({ code: 'custom', message: 'Start date must be a date', path: ['date'] });
    return z.NEVER;
  });
export type CreateNoteInput = z.infer<typeof createNoteSchema>;

/** PUT body: any subset of the fields (approve/reject is `{ approved }`); `id` may be echoed; `start` = `date`. */
export const updateNoteSchema = z
  .strictObject({
    id: z.number().int().positive().optional(),
    entityId: noteFields.entityId,
    ownerId: noteFields.ownerId,
    text: noteFields.text.optional(),
    icon: noteFields.icon.optional(),
    iconColor: noteFields.iconColor.optional(),
    date: dateField,
    start: startAlias,
    end: noteFields.end.optional(),
    sticky: noteFields.sticky.optional(),
    approved: noteFields.approved.optional(),
    schedule: noteFields.schedule.optional(),
  })
  .refine(endAfterStart, {
    message: NOTE_END_BEFORE_START_MESSAGE,
    path: ['end'],
    ...withFieldCode('end_before_start'),
  })
  .transform(({ start, ...rest }) => ((rest.date ?? start) ? { ...rest, date: rest.date ?? start } : rest));
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
  schedule: scheduleOutSchema.nullable(),
  state: z.enum(NOTE_STATES),
  /** Whether the note is on the screens right now: approved, in its period and, with a schedule, in a window. */
  showingNow: z.boolean(),
  inherited: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
