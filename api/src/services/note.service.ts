import {
  type Actor,
  type CreateNoteInput,
  compareNotes,
  DEFAULT_NOTE_ICON,
  NOTE_END_BEFORE_START_MESSAGE,
  permissionsOn,
  startOfLocalDay,
  THEME_PRIMARY,
  type UpdateNoteInput,
} from '@oppslag/common';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { insertRows } from '../db/insert-rows';
import { notes, users } from '../db/schema/index';
import { invalidField, notFound } from '../errors';
import { isBlankRichText, sanitizeRichText } from '../lib/rich-text';
import { type NoteRow, presentNote } from '../presenters/note.presenter';
import { getAncestry, getGrants } from './access.service';
import { recordEvent, recordEvents } from './events.service';
import { checkScheduleUntil } from './schedule-check';
import { smsNoteDecided } from './sms-approval.service';

export const NOTE_START_BEFORE_TODAY_MESSAGE = 'Start cannot be before today';

/** Notes of the given entities, in board order (common's compareNotes: sticky, newest date, higher id). */
export async function listNotes(tx: Tx, entityIds: number[], approved: boolean | 'all'): Promise<NoteRow[]> {
  const byEntity = inArray(notes.entityId, entityIds);
  const rows = await tx
    .select()
    .from(notes)
    .where(approved === 'all' ? byEntity : and(byEntity, eq(notes.approved, approved)));
  return rows.sort(compareNotes);
}

function cleanText(text: string): string {
  const clean = sanitizeRichText(text);
  if (isBlankRichText(clean))
    throw invalidField({ path: 'text', code: 'required' }, 'Note text cannot be empty');
  return clean;
}

export const NOTE_OWNER_MESSAGE = 'Owner must be a user with access to this entity';

/**
 * A note's owner must be someone who may see the note's entity (a role on it or above it, or the
 * superadmin). A missing user and a user of another organization get the same answer, so the
 * field cannot be used to find out which user ids exist (issue 14 item 10).
 */
async function checkOwner(tx: Tx, entityId: number, ownerId: number): Promise<void> {
  const [row] = await tx
    .select({ id: users.id, admin: users.admin })
    .from(users)
    .where(eq(users.id, ownerId));
  const ancestry = row ? await getAncestry(tx, entityId) : null;
  const allowed =
    row && ancestry
      ? permissionsOn(row, row.admin ? [] : await getGrants(tx, row.id), ancestry).includes('read')
      : false;
  if (!allowed) throw invalidField({ path: 'ownerId', code: 'invalid_value' }, NOTE_OWNER_MESSAGE);
}

/** Spec §5: a note cannot start before today (Europe/Oslo); a start already stored may stay. */
function checkStart(date: Date, now: Date): void {
  if (date < startOfLocalDay(now))
    throw invalidField({ path: 'date', code: 'in_past' }, NOTE_START_BEFORE_TODAY_MESSAGE);
}

type NewNote = Pick<typeof notes.$inferInsert, 'entityId' | 'ownerId' | 'text' | 'date'> &
  Partial<
    Pick<typeof notes.$inferInsert, 'icon' | 'iconColor' | 'end' | 'sticky' | 'approved' | 'schedule'>
  > &
  Pick<typeof notes.$inferInsert, 'source' | 'smsMessageId'>;

/** The one insert of a note (console or SMS): defaults, sanitizing and the `note.created` event. */
async function insertNote(tx: Tx, input: NewNote, actorId: number | null, now: Date): Promise<NoteRow> {
  const [row] = await insertCleanNotes(tx, [{ ...input, text: cleanText(input.text) }], actorId, now);
  return row;
}

/**
 * Inserts notes whose text is already sanitized (and not blank), with the defaults, in one
 * statement, and records their `note.created` events in one more: the insert behind `insertNote`
 * and `createSmsNotes`. The rows come back in the order given.
 */
async function insertCleanNotes(
  tx: Tx,
  inputs: readonly NewNote[],
  actorId: number | null,
  now: Date,
): Promise<NoteRow[]> {
  if (inputs.length === 0) return [];
  // Every column given (the same for every row), so each row is known but for its id.
  const values = inputs.map((input) => ({
    entityId: input.entityId,
    ownerId: input.ownerId ?? null,
    text: input.text,
    icon: input.icon ?? DEFAULT_NOTE_ICON,
    iconColor: input.iconColor ?? THEME_PRIMARY,
    date: input.date,
    end: input.end ?? null,
    sticky: input.sticky ?? false,
    approved: input.approved ?? false,
    schedule: input.schedule ?? null,
    source: input.source ?? 'console',
    smsMessageId: input.smsMessageId ?? null,
    createdAt: now,
    updatedAt: now,
  }));
  const ids = await insertRows(tx, notes, values, { returning: { id: notes.id } });
  const rows: NoteRow[] = values.map((value, i) => ({ id: ids[i].id, ...value }));
  await recordEvents(
    tx,
    rows.map((row, i) => ({
      type: 'note.created' as const,
      entityId: row.entityId,
      data: { id: row.id, note: presentNote(row, now) },
      actorId,
      // An SMS note comes from the phone, whichever process stores it.
      history: inputs[i].source === 'sms' ? { source: 'sms' as const } : {},
    })),
  );
  return rows;
}

export async function createNote(
  tx: Tx,
  entityId: number,
  input: CreateNoteInput,
  actor: Actor,
  now: Date,
): Promise<NoteRow> {
  if (input.entityId !== undefined && input.entityId !== entityId)
    throw invalidField({ path: 'entityId', code: 'path_mismatch' }, 'Entity id does not match the path');
  checkStart(input.date, now);
  checkScheduleUntil(input.schedule, null, now);
  if (input.ownerId != null) await checkOwner(tx, entityId, input.ownerId);
  return insertNote(
    tx,
    {
      entityId,
      ownerId: input.ownerId ?? actor.id,
      text: input.text,
      icon: input.icon,
      iconColor: input.iconColor,
      date: input.date,
      end: input.end,
      sticky: input.sticky,
      approved: input.approved,
      schedule: input.schedule ?? null,
      source: 'console',
    },
    actor.id,
    now,
  );
}

/** How long an SMS note stays on the board: a week, then it expires like any other note. */
export const SMS_NOTE_DAYS = 7;
export const SMS_NOTE_ICON = 'comment';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Plain text (an SMS) in the rich-text form notes store: escaped, so nothing in it is markup, with
 * line breaks kept, as one paragraph. The note insert then sanitizes it like any other note text.
 */
export function plainTextToRichText(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

export interface SmsNoteInput {
  entityId: number;
  smsMessageId: number;
  text: string;
  ownerId: number | null;
  approved: boolean;
}

/**
 * The note an inbound SMS becomes: its plain text (code word removed) on the routed entity, from
 * now for SMS_NOTE_DAYS, approved when the sender's standing allows it, owned by the sending member
 * if there is one. Same insert, defaults and sanitizing as a console note; no actor.
 */
export async function createSmsNote(tx: Tx, input: SmsNoteInput, now: Date): Promise<NoteRow> {
  const [row] = await createSmsNotes(tx, [input], now);
  if (!row) throw invalidField({ path: 'text', code: 'required' }, 'Note text cannot be empty');
  return row;
}

/**
 * `createSmsNote` for a batch of routed SMS, in one insert: per input the note, or null when its
 * text is blank once sanitized (nothing to show; the message is then an empty one).
 */
export async function createSmsNotes(
  tx: Tx,
  inputs: readonly SmsNoteInput[],
  now: Date,
): Promise<(NoteRow | null)[]> {
  const end = new Date(now.getTime() + SMS_NOTE_DAYS * 24 * 3600 * 1000);
  const prepared = inputs.map((input): NewNote | null => {
    const text = sanitizeRichText(plainTextToRichText(input.text));
    if (isBlankRichText(text)) return null;
    return {
      entityId: input.entityId,
      ownerId: input.ownerId,
      text,
      icon: SMS_NOTE_ICON,
      date: now,
      end,
      approved: input.approved,
      source: 'sms',
      smsMessageId: input.smsMessageId,
    };
  });
  const rows = await insertCleanNotes(
    tx,
    prepared.filter((p): p is NewNote => p !== null),
    null,
    now,
  );
  let next = 0;
  return prepared.map((p) => (p ? rows[next++] : null));
}

async function ownNote(tx: Tx, entityId: number, noteId: number): Promise<NoteRow> {
  // Row lock: concurrent updates of one note apply one after the other on the latest values.
  const [row] = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.entityId, entityId)))
    .for('update');
  if (!row) throw notFound('Note');
  return row;
}

export async function updateNote(
  tx: Tx,
  entityId: number,
  noteId: number,
  input: UpdateNoteInput,
  actor: Actor,
  now: Date,
): Promise<NoteRow> {
  if (input.id !== undefined && input.id !== noteId)
    throw invalidField({ path: 'id', code: 'path_mismatch' }, 'Note id does not match the path');
  if (input.entityId !== undefined && input.entityId !== entityId)
    throw invalidField({ path: 'entityId', code: 'path_mismatch' }, 'Entity id does not match the path');
  const current = await ownNote(tx, entityId, noteId);
  const date = input.date ?? current.date;
  const end = input.end !== undefined ? input.end : current.end;
  if (input.date && input.date.getTime() !== current.date.getTime()) checkStart(input.date, now);
  checkScheduleUntil(input.schedule, current.schedule, now);
  if (end && end < date)
    throw invalidField({ path: 'end', code: 'end_before_start' }, NOTE_END_BEFORE_START_MESSAGE);
  if (input.ownerId != null) await checkOwner(tx, entityId, input.ownerId);
  const [row] = await tx
    .update(notes)
    .set({
      ...(input.text !== undefined ? { text: cleanText(input.text) } : {}),
      ...(input.icon !== undefined ? { icon: input.icon } : {}),
      ...(input.iconColor !== undefined ? { iconColor: input.iconColor } : {}),
      ...(input.sticky !== undefined ? { sticky: input.sticky } : {}),
      ...(input.approved !== undefined ? { approved: input.approved } : {}),
      ...(input.schedule !== undefined ? { schedule: input.schedule } : {}),
      ...(input.ownerId !== undefined ? { ownerId: input.ownerId ?? actor.id } : {}),
      date,
      end,
      updatedAt: now,
    })
    .where(eq(notes.id, noteId))
    .returning();
  // An SMS note's sender hears about the decision (approve, or unpublish = reject), once each. The
  // reply is queued BEFORE the note's event: queueing takes the SMS cap locks, and the rule is cap
  // locks before any entity sequence row (`takeSmsLocks`), or this deadlocks with an approval request.
  if (current.approved !== row.approved)
    await smsNoteDecided(tx, row, row.approved ? 'approved' : 'rejected', now);
  await recordEvent(tx, {
    type: 'note.updated',
    entityId,
    data: { id: row.id, note: presentNote(row, now) },
    actorId: actor.id,
    history: { before: presentNote(current, now) },
  });
  return row;
}

export async function deleteNote(
  tx: Tx,
  entityId: number,
  noteId: number,
  actor: Actor,
  now: Date = new Date(),
): Promise<void> {
  const current = await ownNote(tx, entityId, noteId);
  await tx.delete(notes).where(eq(notes.id, noteId));
  // Deleting an SMS note still waiting for approval is how the board rejects it; the reply first,
  // for the lock order in `updateNote`.
  if (!current.approved) await smsNoteDecided(tx, current, 'rejected', now);
  await recordEvent(tx, {
    type: 'note.deleted',
    entityId,
    data: { id: noteId },
    actorId: actor.id,
    history: { before: presentNote(current, now) },
  });
}
