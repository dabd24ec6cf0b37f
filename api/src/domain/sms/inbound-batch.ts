import { messageOf } from '@oppslag/common/thrown.ts';
import { and, asc, eq } from 'drizzle-orm';
import { anyOf, noneOf } from '../../db/any-of';
import { smsMessages } from '../../db/schema/index';
import { type UnitOfWorkDeps, unitOfWork } from '../../db/unit-of-work';
import type { AppDeps } from '../../deps';
import { routeMessages, type SmsOutcome } from './routing';

/** Received messages one job routes together at most (its own and others waiting). */
export const SMS_BATCH_SIZE = 100;

type Deps = Pick<AppDeps, 'now' | 'logger'> & UnitOfWorkDeps;
type Claimed = typeof smsMessages.$inferSelect;

/**
 * One message's `sms/inbound` routing (tests and the one-message case): processInboundSmsBatch of
 * that message alone, with its outcome.
 */
export async function processInboundSms(
  deps: Deps,
  smsMessageId: number,
  batchSize = SMS_BATCH_SIZE,
): Promise<SmsOutcome> {
  return (await processInboundSmsBatch(deps, [smsMessageId], batchSize)).get(smsMessageId) as SmsOutcome;
}

/**
 * The `sms/inbound` job, started by the outbox relay for the `sms.received` events of one relay
 * batch (common/src/jobs.ts EVENT_JOB_BATCHES): routes its stored inbound SMS to notes
 * (routing.ts), and with them other messages still `received` up to SMS_BATCH_SIZE per
 * transaction, holding every claimed row's lock. A backlog is thus worked off with one job and a
 * few statements per batch; a job whose messages another job already took finds them routed with
 * one read and does nothing.
 *
 * - Exactly once: a message is routed only while its row is locked and `received`, and its note,
 *   reply and status commit together. A crash (or any failure) mid-batch rolls all of it back; the
 *   messages stay `received` for their own job (retried by BullMQ, redelivered through the outbox).
 * - The job's own messages it waits for (locked in id order, so two jobs never wait on each other
 *   in a cycle), so a batch that rolls back leaves them to this job, never to nobody; others it
 *   claims with `skip locked`, so batches running at once take disjoint messages.
 * - One bad message does not hold up the rest: when a batch fails, each claimed message is routed
 *   again in a transaction of its own. The failing one fails alone; the job fails (and retries,
 *   the routed ones then no-ops) only if it is one of the job's own messages.
 */
export async function processInboundSmsBatch(
  deps: Deps,
  smsMessageIds: readonly number[],
  batchSize = SMS_BATCH_SIZE,
): Promise<Map<number, SmsOutcome>> {
  const db = deps.database.db;
  const outcomes = new Map<number, SmsOutcome>();
  const ids = [...new Set(smsMessageIds)].sort((a, b) => a - b);
  // Most messages of a backlog are found already routed by another job's batch: one read, no transaction.
  const seen = ids.length
    ? await db
        .select({ id: smsMessages.id, status: smsMessages.status })
        .from(smsMessages)
        .where(anyOf(smsMessages.id, ids))
    : [];
  const statusOf = new Map(seen.map((m) => [m.id, m.status]));
  const waiting: number[] = [];
  for (const id of ids) {
    const status = statusOf.get(id);
    if (status === undefined) outcomes.set(id, { status: 'missing' });
    else if (status !== 'received') outcomes.set(id, { status: 'already_processed' });
    else waiting.push(id);
  }
  let ownError: unknown = null;
  for (let i = 0; i < waiting.length; i += Math.max(1, batchSize)) {
    const own = waiting.slice(i, i + Math.max(1, batchSize));
    try {
      const chunk = await routeChunk(deps, own, batchSize);
      for (const [id, outcome] of chunk) if (own.includes(id)) outcomes.set(id, outcome);
    } catch (err) {
      ownError ??= err;
    }
  }
  if (ownError) throw ownError;
  return outcomes;
}

/** Routes `own` (waited for) and other waiting messages up to `batchSize`; one by one if that fails. */
async function routeChunk(deps: Deps, own: number[], batchSize: number): Promise<Map<number, SmsOutcome>> {
  const now = deps.now();
  let claimed: number[] = [];
  try {
    return await unitOfWork(deps, async (tx) => {
      const mine = await tx
        .select()
        .from(smsMessages)
        .where(anyOf(smsMessages.id, own))
        .orderBy(asc(smsMessages.id))
        .for('update');
      const result = new Map<number, SmsOutcome>(own.map((id) => [id, { status: 'missing' }]));
      const ready = mine.filter((m) => {
        if (m.status === 'received') return true;
        result.set(m.id, { status: 'already_processed' });
        return false;
      });
      if (ready.length === 0) return result;
      const room = batchSize - ready.length;
      const others: Claimed[] =
        room > 0
          ? await tx
              .select()
              .from(smsMessages)
              .where(and(eq(smsMessages.status, 'received'), noneOf(smsMessages.id, own)))
              .orderBy(asc(smsMessages.id))
              .limit(room)
              .for('update', { skipLocked: true })
          : [];
      claimed = [...ready, ...others].map((m) => m.id);
      for (const [id, outcome] of await routeMessages(tx, [...ready, ...others], now))
        result.set(id, outcome);
      return result;
    });
  } catch (err) {
    if (claimed.length <= 1) throw err;
    deps.logger.warn(
      { err: messageOf(err), smsMessageIds: own, batch: claimed.length },
      'sms batch failed; routing its messages one by one',
    );
    return routeOneByOne(deps, own, claimed);
  }
}

/**
 * After a failed batch: every claimed message in a transaction of its own. Another job's message
 * that is locked meanwhile (its own job, another batch) is left to them; one that fails is logged
 * and left to its own job. This job's own message is waited for, and its failure is this job's.
 */
async function routeOneByOne(
  deps: Deps,
  own: readonly number[],
  claimed: readonly number[],
): Promise<Map<number, SmsOutcome>> {
  const outcomes = new Map<number, SmsOutcome>();
  let ownError: unknown = null;
  for (const id of claimed) {
    const isOwn = own.includes(id);
    try {
      const outcome = await unitOfWork(deps, async (tx): Promise<SmsOutcome> => {
        const query = tx.select().from(smsMessages).where(eq(smsMessages.id, id));
        const [message] = await (isOwn ? query.for('update') : query.for('update', { skipLocked: true }));
        if (message?.status !== 'received') return { status: 'already_processed' };
        return (await routeMessages(tx, [message], deps.now())).get(id) as SmsOutcome;
      });
      outcomes.set(id, outcome);
    } catch (err) {
      if (isOwn) ownError ??= err;
      else deps.logger.warn({ err: messageOf(err), smsMessageId: id }, 'sms left to its own job');
    }
  }
  // What was routed is committed (each unit of work woke the relay), even when this job fails.
  if (ownError) throw ownError;
  return outcomes;
}
