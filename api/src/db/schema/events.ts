import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * The last sequence number handed out per entity. Consecutive per entity (clients see gaps by it,
 * the gateway's `sync` counts on it), so the upsert's row lock orders writers of one entity.
 */
export const entitySequences = pgTable('entity_sequences', {
  entityId: integer('entity_id').primaryKey(),
  seq: integer('seq').notNull(),
});

/**
 * The numbers of system-wide events (no entity: `sms.received`, account mails). Nobody tracks their
 * stream (`SeqTracker` and the gateway's `sync` follow entities only), so they need increasing
 * numbers, not consecutive ones: a sequence hands them out without a row lock held until commit,
 * so concurrent webhooks no longer queue behind one another (a rolled-back write leaves a gap).
 */
export const systemEventSeq = pgSequence('system_event_seq');
