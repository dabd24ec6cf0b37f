import { type Actor, type CreateNoteInput, type UpdateNoteInput } from '@oppslag/common';
import type { Tx } from '../db/client';
import { type NoteRow } from '../presenters/note.presenter';
export declare const NOTE_START_BEFORE_TODAY_MESSAGE = 'Start cannot be before today';
/** Notes of the given entities, in board order (sticky, newest date, higher id). */
export declare function listNotes(tx: Tx, entityIds: number[], approved: boolean | 'all'): Promise<NoteRow[]>;
export declare function createNote(
  tx: Tx,
  entityId: number,
  input: CreateNoteInput,
  actor: Actor,
  now: Date,
): Promise<NoteRow>;
export declare function updateNote(
  tx: Tx,
  entityId: number,
  noteId: number,
  input: UpdateNoteInput,
  actor: Actor,
  now: Date,
): Promise<NoteRow>;
export declare function deleteNote(tx: Tx, entityId: number, noteId: number, actor: Actor): Promise<void>;
