import { and, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { anyOf } from '../db/any-of';
import type { Tx } from '../db/client';
import { events } from '../db/schema/index';

/**
 * The outbox's reads and writes for the worker's relay (worker/src/relay.ts): which rows wait,
 * marking them relayed, the lag gauge and the purge. The relay owns the transaction and the queue
 * adds; these own the `events` table.
 */

export type EventRow = typeof events.$inferSelect;

/**
 * Claims up to `limit` unrelayed events, oldest first, locked for the caller's transaction. Rows
 * another relay holds are skipped, so several relays split the outbox instead of waiting.
 */
export async function claimUnrelayedEvents(tx: Tx, limit: number): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(isNull(events.sentAt))
    .orderBy(events.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Marks claimed events as handed to the queues (after BullMQ confirmed every add). */
export async function markEventsRelayed(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(events).set({ sentAt: sql`now()` }).where(anyOf(events.id, ids));
}

/** When the oldest unrelayed event was written; null when the outbox is empty. */
export async function oldestUnrelayedEvent(tx: Tx): Promise<Date | null> {
  const [row] = await tx
    .select({ oldest: sql<string | Date | null>`min(${events.createdAt})` })
    .from(events)
    .where(isNull(events.sentAt));
  return row?.oldest ? new Date(row.oldest) : null;
}

/** Deletes relayed events sent before `before`; returns how many went. */
export async function purgeRelayedEvents(tx: Tx, before: Date): Promise<number> {
  const gone = await tx
    .delete(events)
    .where(and(isNotNull(events.sentAt), lt(events.sentAt, before)))
    .returning({ id: events.id });
  return gone.length;
}
