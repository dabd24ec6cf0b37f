import { type AppDeps, type OutboxNotifier, smsMessages } from '@oppslag/api/core';
import { and, asc, eq, ne } from 'drizzle-orm';
import { routeMessages, type SmsOutcome } from './sms-route';

export type { SmsOutcome } from './sms-route';

/** Received messages one job routes together at most (its own and others waiting). */
export const SMS_BATCH_SIZE = 100;

type Deps = Pick<AppDeps, 'database' | 'now' | 'logger'> & { outbox: OutboxNotifier };
type Claimed = typeof smsMessages.$inferSelect;

/**
 * The `sms/inbound` job, started by the outbox relay from the `sms.received` event the webhook
 * recorded: routes its stored inbound SMS to a note (sms-route.ts), and with it up to
 * SMS_BATCH_SIZE - 1 other messages still `received`, in one transaction holding every claimed
 * row's lock. A backlog is thus worked off in batches with one lookup and a few statements per
 * batch, while each message keeps its own job: the jobs of messages a batch took find them routed
 * and do nothing.
 *
 * - Exactly once: a message is routed only while its row is locked and `received`, and its note,
 *   reply and status commit together. A crash (or any failure) mid-batch rolls all of it back; the
 *   messages stay `received` for their own jobs (retried by BullMQ, redelivered through the outbox).
 * - Only a job whose own message is still waiting claims others (with `skip locked`, so batches
 *   running at once take disjoint messages and never wait for each other); its own row it waits
 *   for, so a batch that rolls back leaves that message to this job, never to nobody.
 * - One bad message does not hold up the rest: when the batch fails, each claimed message is
 *   routed again in a transaction of its own. The failing one fails alone (its own job fails and
 *   retries); the error is raised here only if it is this job's own message.
 */
export async function processInboundSms(
  deps: Deps,
  smsMessageId: number,
  batchSize = SMS_BATCH_SIZE,
): Promise<SmsOutcome> {
  const db = deps.database.db;
  // Most jobs of a backlog find their message already routed by a batch: one read, no transaction.
  const [seen] = await db
    .select({ status: smsMessages.status })
    .from(smsMessages)
    .where(eq(smsMessages.id, smsMessageId));
  if (!seen) return { status: 'missing' };
  if (seen.status !== 'received') return { status: 'already_processed' };

  const now = deps.now();
  let claimed: number[] = [];
  let outcome: SmsOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<SmsOutcome> => {
      const [own] = await tx.select().from(smsMessages).where(eq(smsMessages.id, smsMessageId)).for('update');
      if (!own) return { status: 'missing' };
      if (own.status !== 'received') return { status: 'already_processed' };
      const others: Claimed[] =
        batchSize > 1
          ? await tx
              .select()
              .from(smsMessages)
              .where(and(eq(smsMessages.status, 'received'), ne(smsMessages.id, own.id)))
              .orderBy(asc(smsMessages.id))
              .limit(batchSize - 1)
              .for('update', { skipLocked: true })
          : [];
      claimed = [own.id, ...others.map((m) => m.id)];
      const outcomes = await routeMessages(tx, [own, ...others], now);
      return outcomes.get(own.id) as SmsOutcome;
    });
  } catch (err) {
    if (claimed.length <= 1) throw err;
    deps.logger.warn(
      { err: (err as Error).message, smsMessageId, batch: claimed.length },
      'sms batch failed; routing its messages one by one',
    );
    outcome = await routeOneByOne(deps, smsMessageId, claimed);
  }
  if (outcome.status !== 'missing' && outcome.status !== 'already_processed') deps.outbox.notify();
  return outcome;
}

/**
 * After a failed batch: every claimed message in a transaction of its own. Another job's message
 * that is locked meanwhile (its own job, another batch) is left to them; one that fails is logged
 * and left to its own job. This job's own message is waited for, and its failure is this job's.
 */
async function routeOneByOne(deps: Deps, ownId: number, claimed: number[]): Promise<SmsOutcome> {
  let own: SmsOutcome = { status: 'already_processed' };
  let ownError: unknown = null;
  let routedAny = false;
  for (const id of claimed) {
    try {
      const outcome = await deps.database.db.transaction(async (tx): Promise<SmsOutcome> => {
        const query = tx.select().from(smsMessages).where(eq(smsMessages.id, id));
        const [message] = await (id === ownId
          ? query.for('update')
          : query.for('update', { skipLocked: true }));
        if (message?.status !== 'received') return { status: 'already_processed' };
        return (await routeMessages(tx, [message], deps.now())).get(id) as SmsOutcome;
      });
      if (outcome.status !== 'already_processed') routedAny = true;
      if (id === ownId) own = outcome;
    } catch (err) {
      if (id === ownId) ownError = err;
      else deps.logger.warn({ err: (err as Error).message, smsMessageId: id }, 'sms left to its own job');
    }
  }
  if (routedAny && ownError) deps.outbox.notify();
  if (ownError) throw ownError;
  return own;
}
