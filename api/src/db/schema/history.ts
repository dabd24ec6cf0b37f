import type { HistoryKind, HistorySource } from '@oppslag/common';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The change history (issue 17): one row per recorded domain event that changes content, members,
 * settings or approvals, written by `recordEvent` in the same transaction. It outlives the outbox
 * row (sent events are purged after a week); `HISTORY_RETENTION_DAYS` bounds it. No foreign keys:
 * the history of a deleted entity, note or user stays readable until it expires.
 */
export const history = pgTable(
  'history',
  {
    id: serial('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    entityId: integer('entity_id'),
    kind: text('kind').$type<HistoryKind>().notNull(),
    action: text('action').notNull(),
    subjectId: integer('subject_id'),
    actorId: integer('actor_id'),
    source: text('source').$type<HistorySource>().notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('history_entity_idx').on(t.entityId, t.id), index('history_created_idx').on(t.createdAt)],
);
