import { isShowing, NOTE_ICONS, type Note, noteState } from '@oppslag/common';
import { expectOneOf } from '@oppslag/common/one-of.ts';
import type { notes } from '../db/schema/index';

export type NoteRow = typeof notes.$inferSelect;

/** The only way a note row leaves the API; `viewedEntityId` marks notes inherited from ancestors. */
export function presentNote(row: NoteRow, now: Date, viewedEntityId: number = row.entityId): Note {
  return {
    id: row.id,
    entityId: row.entityId,
    ownerId: row.ownerId,
    text: row.text,
    icon: expectOneOf(NOTE_ICONS, row.icon, 'a note icon'),
    iconColor: row.iconColor,
    date: row.date.toISOString(),
    end: row.end ? row.end.toISOString() : null,
    sticky: row.sticky,
    approved: row.approved,
    source: row.source,
    schedule: row.schedule ?? null,
    state: noteState(row, now),
    showingNow: row.approved && isShowing({ start: row.date, end: row.end, schedule: row.schedule }, now),
    inherited: row.entityId !== viewedEntityId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
