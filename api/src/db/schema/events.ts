import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The outbox: every domain write commits one of these in the same transaction. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    entityId: integer('entity_id'),
    /** Per-entity sequence number, so clients can see gaps. */
    seq: integer('seq').notNull(),
    data: jsonb('data').notNull(),
    actorId: integer('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('events_unsent_idx').on(t.createdAt).where(sql`sent_at is null`),
    index('events_entity_idx').on(t.entityId, t.seq),
  ],
);

/** The last sequence number handed out per entity (0 = system-wide events without an entity). */
export const entitySequences = pgTable('entity_sequences', {
  entityId: integer('entity_id').primaryKey(),
  seq: integer('seq').notNull(),
});
