import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  (t) => [
    uniqueIndex('sms_provider_message_idx').on(t.provider, t.providerMessageId),
    // The messages still to route: the routing batch claims them and the redelivery sweep looks for
    // them; a partial index stays as small as the backlog, not the whole history.
    index('sms_messages_received_idx').on(t.id).where(sql`${t.status} = 'received'`),
  ],
);

/**
 * Every outbound SMS (replies to residents, approval requests to board members, confirmations),
 * recorded before it is sent. The idempotency key is derived from the event that caused the message
 * (`reply:{smsMessageId}`, `notify:{noteId}:{userId}`, …), so a repeated job or event finds the row
 * and queues nothing twice. Status: queued → sending → sent; `suppressed` (STOP, a cap) never goes
 * out; `unknown` means the worker died after handing it to a provider that cannot be asked later.
 */
export const smsOutbound = pgTable(
  'sms_outbound',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    /** The entity the message is about, and the organization whose monthly budget it counts against. */
    entityId: integer('entity_id'),
    organizationId: integer('organization_id'),
    status: text('status').notNull().default('queued'),
    /** Why a message was suppressed or failed (opted_out, daily_limit, monthly_budget, provider text). */
    reason: text('reason'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last hand-over to the provider started (the reconcile window starts here). */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_outbound_key_idx').on(t.idempotencyKey),
    index('sms_outbound_to_idx').on(t.to, t.createdAt),
    index('sms_outbound_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Numbers that sent STOP: no reply goes to them until they send START (one row per number). */
export const smsOptOuts = pgTable('sms_opt_outs', {
  number: text('number').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Short codes in the approval SMS to a notification member ("Svar JA 4711 …"). A code is bound to
 * the note and to the member's own number, so guessing one from another phone is useless; it is
 * unique among open codes and expires. `usedAt` makes a second JA/NEI a polite no-op.
 */
export const smsApprovalCodes = pgTable(
  'sms_approval_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    noteId: integer('note_id').notNull(),
    userId: integer('user_id').notNull(),
    phone: text('phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    decision: text('decision'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_approval_codes_code_idx').on(t.code),
    uniqueIndex('sms_approval_codes_note_user_idx').on(t.noteId, t.userId),
  ],
);

/** A cap reached in a period (`budget:2026-11`, `daily:0047…:2026-11-23`): the board is told once. */
export const smsCapNotices = pgTable(
  'sms_cap_notices',
  {
    id: serial('id').primaryKey(),
    /** 0 when the message belonged to no organization (an unknown code word). */
    organizationId: integer('organization_id').notNull(),
    period: text('period').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_cap_notices_idx').on(t.organizationId, t.period)],
);
