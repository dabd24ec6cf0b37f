import { type SmsStatus, smsInboundJobId } from '@oppslag/common';
import { Queue } from 'bullmq';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { smsMessages } from '../db/schema/index';
import type { AppDeps } from '../deps';

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

/** Same key prefix as the worker's queues (worker/src/queues.ts bullPrefix). */
const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;
const queues = new WeakMap<AppDeps, Queue>();

function smsQueue(deps: AppDeps): Queue {
  let queue = queues.get(deps);
  if (!queue) {
    queue = new Queue('sms', {
      connection: deps.redis,
      prefix: bullPrefix(deps.config.redisPrefix),
      defaultJobOptions: {
        attempts: 8,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
      },
    });
    queue.on('error', (err) => deps.logger.debug({ err: err.message }, 'sms queue error'));
    queues.set(deps, queue);
  }
  return queue;
}

/**
 * Queues the routing of a stored message. Not awaited by the webhook: when Redis is down the row
 * stays `received` and the worker's sweep routes it later, so nothing is lost and the provider
 * gets its 200 at once.
 */
export function enqueueInboundSms(deps: AppDeps, smsMessageId: number): void {
  smsQueue(deps)
    .add('inbound', { smsMessageId }, { jobId: smsInboundJobId(smsMessageId) })
    .catch((err: Error) =>
      deps.logger.warn({ err: err.message, smsMessageId }, 'could not queue inbound sms'),
    );
}
