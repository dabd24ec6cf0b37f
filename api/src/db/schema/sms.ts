import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Every inbound SMS as received, deduplicated on the provider's message id. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    from: text('from').notNull(),
    to: text('to'),
    text: text('text').notNull(),
    raw: jsonb('raw').notNull(),
    /** received → routed | unknown_code_word | invalid_sender */
    status: text('status').notNull().default('received'),
    entityId: integer('entity_id'),
    noteId: integer('note_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sms_provider_message_idx').on(t.provider, t.providerMessageId)],
);
