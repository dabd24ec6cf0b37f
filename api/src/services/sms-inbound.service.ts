import { type SmsStatus, smsInboundJobId } from '@oppslag/common';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { smsMessages } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { producerQueue } from './producer-queue';

export interface InboundSms {
  provider: string;
  providerMessageId: string;
  from: string;
  to: string | null;
  text: string;
  raw: unknown;
}

/**
 * Stores an inbound message once per (provider, provider message id): a provider's retry, or the
 * same webhook arriving three times at once, finds the row already there.
 */
export async function storeInboundSms(tx: Tx, sms: InboundSms): Promise<{ id: number; duplicate: boolean }> {
  const inserted = await tx
    .insert(smsMessages)
    .values({ ...sms, raw: sms.raw as object })
    .onConflictDoNothing({ target: [smsMessages.provider, smsMessages.providerMessageId] })
    .returning({ id: smsMessages.id });
  if (inserted.length > 0) return { id: inserted[0].id, duplicate: false };
  const [existing] = await tx
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(eq(smsMessages.provider, sms.provider), eq(smsMessages.providerMessageId, sms.providerMessageId)),
    );
  return { id: existing.id, duplicate: true };
}

export async function listInboundSms(tx: Tx, opts: { status?: SmsStatus; limit: number }) {
  const query = tx.select().from(smsMessages);
  const filtered = opts.status ? query.where(eq(smsMessages.status, opts.status)) : query;
  return filtered.orderBy(desc(smsMessages.receivedAt), desc(smsMessages.id)).limit(opts.limit);
}

/**
 * Queues the routing of a stored message. Not awaited by the webhook: when Redis is down the row
 * stays `received` and the worker's sweep routes it later, so nothing is lost and the provider
 * gets its 200 at once.
 */
export function enqueueInboundSms(deps: AppDeps, smsMessageId: number): void {
  producerQueue(deps, 'sms')
    .add('inbound', { smsMessageId }, { jobId: smsInboundJobId(smsMessageId) })
    .catch((err: Error) =>
      deps.logger.warn({ err: err.message, smsMessageId }, 'could not queue inbound sms'),
    );
}
