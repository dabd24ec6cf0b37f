import { createHash } from 'node:crypto';
import type { SmsStatus } from '@oppslag/common';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { runPrepared } from '../db/prepared';
import { smsMessages } from '../db/schema/index';
import { enlistEvents } from '../db/unit-of-work';
import { storableJson, storableText } from '../lib/storable-text';
import { nextSystemSeq } from './events.service';

export interface InboundSms {
  provider: string;
  /** The provider's id of the message; null when it sent none (Sveve may omit it). */
  providerMessageId: string | null;
  from: string;
  to: string | null;
  text: string;
  raw: unknown;
}

/**
 * How long the same text from the same sender to the same number counts as one message when the
 * provider sends no id: long enough to cover a provider's redelivery of a push we did not answer in
 * time, short enough that "Ja" sent again tomorrow is a message of its own.
 */
export const CONTENT_DEDUP_WINDOW_MS = 10 * 60 * 1000;

/**
 * The key of a message without a provider id: a hash of sender, recipient and text plus the
 * 10-minute window it arrived in. Two copies in one window collide on the unique index; a copy just
 * after the window turned is caught by looking up the previous window's key (see receiveInboundSms).
 */
export function contentKey(
  sms: Pick<InboundSms, 'from' | 'to' | 'text'>,
  now: Date,
  windowOffset = 0,
): string {
  const hash = createHash('sha256')
    .update(`${sms.from}\n${sms.to ?? ''}\n${sms.text}`)
    .digest('hex');
  return `sha256:${hash}:${Math.floor(now.getTime() / CONTENT_DEDUP_WINDOW_MS) + windowOffset}`;
}

/**
 * The whole webhook in one statement (issue 15: it was a transaction of five through Drizzle, and
 * every webhook's event held the one system-wide sequence row locked until commit, so webhooks
 * queued behind each other). It inserts the message unless it is already there (its key: the
 * provider's id, or the content key, also looked up in the previous window), and for a new row its
 * `sms.received` event in the same statement, numbered like every system-wide event
 * (`nextSystemSeq`, no lock held); it answers the new row's id, or the one it duplicates.
 * `sms.received` has no history row (`historyRowOf` keeps none for it), so this is all
 * `recordEvent` would have written. `$8` is the previous window's content key (null with a
 * provider id), `$9` the start of the dedup window before now.
 */
const RECEIVE_SQL = `
  with earlier as (
    select id from sms_messages
    where $8::text is not null and provider = $1 and provider_message_id = $8 and received_at > $9::timestamptz
    limit 1
  ), inserted as (
    insert into sms_messages (provider, provider_message_id, "from", "to", text, raw, received_at)
    select $1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz
    where not exists (select 1 from earlier)
    on conflict (provider, provider_message_id) do nothing
    returning id
  ), event as (
    insert into events (id, type, entity_id, seq, data)
    select gen_random_uuid(), 'sms.received', null, ${nextSystemSeq}, jsonb_build_object('smsMessageId', id)
    from inserted
  )
  select id, false as duplicate from inserted
  union all select id, true from earlier
  union all select id, true from sms_messages
    where provider = $1 and provider_message_id = $2 and not exists (select 1 from inserted)
  limit 1`;

/**
 * The row a concurrent copy committed while our statement ran: the statement's snapshot predates
 * it (ON CONFLICT waited for it, then did nothing), so a fresh statement reads it.
 */
const EXISTING_SQL = 'select id from sms_messages where provider = $1 and provider_message_id = $2';

/**
 * Stores an inbound message once per (provider, message id) and, atomically with it, records the
 * `sms.received` event from which the outbox relay starts its `sms/inbound` job: a provider's
 * retry, or the same webhook arriving three times at once, finds the row already there and records
 * nothing. Text a database cannot hold (NUL) is cleaned first, so such a message is stored and
 * routed instead of failing forever. One prepared statement on its own (see RECEIVE_SQL) rather
 * than a write in the caller's transaction: the webhook has nothing else to commit with it, and the
 * statement is its own transaction. Run it in a `statementOfWork`, which wakes the relay.
 */
export async function receiveInboundSms(
  db: Db,
  input: InboundSms,
  now: Date,
): Promise<{ id: number; duplicate: boolean }> {
  const from = storableText(input.from);
  const to = input.to && storableText(input.to);
  const text = storableText(input.text);
  const keyed = { from, to, text };
  const givenId = input.providerMessageId && storableText(input.providerMessageId);
  const providerMessageId = givenId || contentKey(keyed, now);
  const values = [
    input.provider,
    providerMessageId,
    from,
    to,
    text,
    JSON.stringify(storableJson(input.raw)),
    now.toISOString(),
    givenId ? null : contentKey(keyed, now, -1),
    new Date(now.getTime() - CONTENT_DEDUP_WINDOW_MS).toISOString(),
  ];
  // Checked before the statement runs: its event is woken for by the caller's statementOfWork.
  const recorded = enlistEvents(db);
  const [row] = await runPrepared<{ id: number; duplicate: boolean }>(db, 'sms_receive', RECEIVE_SQL, values);
  if (row && !row.duplicate) recorded(1);
  if (row) return { id: Number(row.id), duplicate: row.duplicate };
  const [existing] = await runPrepared<{ id: number }>(db, 'sms_existing', EXISTING_SQL, [
    input.provider,
    providerMessageId,
  ]);
  if (!existing) throw new Error('inbound sms vanished after a conflicting insert');
  return { id: Number(existing.id), duplicate: true };
}

export async function listInboundSms(tx: Tx, opts: { status?: SmsStatus; limit: number }) {
  const query = tx.select().from(smsMessages);
  const filtered = opts.status ? query.where(eq(smsMessages.status, opts.status)) : query;
  return filtered.orderBy(desc(smsMessages.receivedAt), desc(smsMessages.id)).limit(opts.limit);
}
