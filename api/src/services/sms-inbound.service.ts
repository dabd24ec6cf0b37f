import { createHash } from 'node:crypto';
import type { SmsStatus } from '@oppslag/common';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { smsMessages } from '../db/schema/index';
import { storableJson, storableText } from '../lib/storable-text';
import { recordEvent } from './events.service';

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

async function findMessage(tx: Tx, provider: string, providerMessageId: string, after?: Date) {
  const [row] = await tx
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.provider, provider),
        eq(smsMessages.providerMessageId, providerMessageId),
        after ? gt(smsMessages.receivedAt, after) : undefined,
      ),
    );
  return row ?? null;
}

/**
 * Stores an inbound message once per (provider, message id) and, in the same transaction, records
 * the `sms.received` event from which the outbox relay starts its `sms/inbound` job: a provider's
 * retry, or the same webhook arriving three times at once, finds the row already there and records
 * nothing. Text a database cannot hold (NUL) is cleaned first, so such a message is stored and
 * routed instead of failing forever.
 */
export async function receiveInboundSms(
  db: Db,
  input: InboundSms,
  now: Date,
): Promise<{ id: number; duplicate: boolean }> {
  const sms = { ...input, from: storableText(input.from), to: input.to && storableText(input.to) };
  const text = storableText(input.text);
  const keyed = { ...sms, text };
  return db.transaction(async (tx) => {
    let providerMessageId = sms.providerMessageId && storableText(sms.providerMessageId);
    if (!providerMessageId) {
      providerMessageId = contentKey(keyed, now);
      const since = new Date(now.getTime() - CONTENT_DEDUP_WINDOW_MS);
      const earlier = await findMessage(tx, sms.provider, contentKey(keyed, now, -1), since);
      if (earlier) return { id: earlier.id, duplicate: true };
    }
    const inserted = await tx
      .insert(smsMessages)
      .values({
        provider: sms.provider,
        providerMessageId,
        from: sms.from,
        to: sms.to,
        text,
        raw: storableJson(sms.raw) as object,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: [smsMessages.provider, smsMessages.providerMessageId] })
      .returning({ id: smsMessages.id });
    if (inserted.length === 0) {
      const existing = await findMessage(tx, sms.provider, providerMessageId);
      if (!existing) throw new Error('inbound sms vanished after a conflicting insert');
      return { id: existing.id, duplicate: true };
    }
    const { id } = inserted[0];
    await recordEvent(tx, { type: 'sms.received', entityId: null, data: { smsMessageId: id } });
    return { id, duplicate: false };
  });
}

export async function listInboundSms(tx: Tx, opts: { status?: SmsStatus; limit: number }) {
  const query = tx.select().from(smsMessages);
  const filtered = opts.status ? query.where(eq(smsMessages.status, opts.status)) : query;
  return filtered.orderBy(desc(smsMessages.receivedAt), desc(smsMessages.id)).limit(opts.limit);
}
