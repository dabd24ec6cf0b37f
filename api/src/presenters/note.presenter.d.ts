import { type Note } from '@oppslag/common';
import type { notes } from '../db/schema/index';
export type NoteRow = typeof notes.$inferSelect;
/** The only way a note row leaves the API; `viewedEntityId` marks notes inherited from ancestors. */
export declare function presentNote(row: NoteRow, now: Date, viewedEntityId?: number): Note;
