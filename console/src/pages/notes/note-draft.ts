import { createNoteSchema, updateNoteSchema } from '@oppslag/common/schemas/note.ts';
import { z } from 'zod';
import type { Note, NoteBody } from '../../api/notes.api';
import { type ScheduleDraft, scheduleBodyOf, scheduleDraftOf } from '../../components/schedule-fields';
import { endOfDay, lastDay, osloDay, startOfDay } from './notes.logic';

/** The note dialog's form (note-dialog.tsx): the draft, its defaults and the body it becomes. */

/** Icon colours offered by the swatch picker. */
export const ICON_COLORS = ['#019939', '#c62828', '#ef6c00', '#1565c0', '#6a1b9a', '#37474f'] as const;

export interface Draft {
  text: string;
  icon: Note['icon'];
  iconColor: string;
  date: string;
  end: string;
  sticky: boolean;
  approved: boolean;
  schedule: ScheduleDraft | null;
}

/** The request body of a draft: whole Oslo days, the end day inclusive, the schedule as the API takes it. */
export function bodyOf(draft: Draft, approved: boolean): NoteBody {
  return {
    text: draft.text,
    icon: draft.icon,
    iconColor: draft.iconColor,
    date: startOfDay(draft.date),
    end: draft.end ? endOfDay(draft.end) : null,
    sticky: draft.sticky,
    approved,
    schedule: scheduleBodyOf(draft.schedule),
  };
}

/**
 * The dialog's draft checked as the body it becomes, by the API's own note schema (create or
 * update): its refusals carry the body's paths, which are the draft's (`date`, `schedule.from`).
 */
const draftSchema = <Body>(body: z.ZodType<unknown, Awaited<Body>>, toBody: (draft: Draft) => Body) =>
  z.custom<Draft>().transform(toBody).pipe(body);
export const NEW_NOTE_SCHEMA = draftSchema(createNoteSchema, (draft) => bodyOf(draft, draft.approved));
export const NOTE_UPDATE_SCHEMA = draftSchema(
  updateNoteSchema,
  (draft): z.input<typeof updateNoteSchema> => bodyOf(draft, draft.approved),
);

export function draftOf(note: Note | null): Draft {
  if (!note)
    return {
      text: '',
      icon: 'information',
      iconColor: ICON_COLORS[0],
      date: osloDay(new Date()),
      end: '',
      sticky: false,
      approved: false,
      schedule: null,
    };
  return {
    text: note.text,
    icon: note.icon,
    iconColor: note.iconColor,
    date: osloDay(note.date),
    end: note.end ? lastDay(note.end) : '',
    sticky: note.sticky,
    approved: note.approved,
    schedule: scheduleDraftOf(note.schedule),
  };
}
