import { and, eq, gte, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { smsOutbound } from '../../db/schema/index';

/**
 * The row side of handing one outbound SMS to the provider (the worker's `sms/send` job owns the
 * provider calls and the order of steps). Every write after the claim is conditional where a second
 * job could have moved the row, and says whether it applied.
 */

export type OutboundRow = typeof smsOutbound.$inferSelect;
type OutboundPatch = Partial<
  Pick<OutboundRow, 'status' | 'reason' | 'providerMessageId' | 'sentAt' | 'sendingAt' | 'attempts'>
>;

/** Locks the row for the caller's transaction (the claim `queued → sending`); null when it is gone. */
export async function lockOutbound(tx: Tx, outboundId: number): Promise<OutboundRow | null> {
  const [row] = await tx.select().from(smsOutbound).where(eq(smsOutbound.id, outboundId)).for('update');
  return row ?? null;
}

/** The durable mark "a hand-over may have happened": `sending`, when, by which provider, one more try. */
export async function markSending(tx: Tx, row: OutboundRow, provider: string, now: Date): Promise<void> {
  await tx
    .update(smsOutbound)
    .set({ status: 'sending', sendingAt: now, attempts: row.attempts + 1, provider })
    .where(eq(smsOutbound.id, row.id));
}

/** Updates a row still `sending` (a crashed hand-over being settled); false when another job moved it. */
export async function updateIfSending(tx: Tx, outboundId: number, patch: OutboundPatch): Promise<boolean> {
  const rows = await tx
    .update(smsOutbound)
    .set(patch)
    .where(and(eq(smsOutbound.id, outboundId), eq(smsOutbound.status, 'sending')))
    .returning({ id: smsOutbound.id });
  return rows.length > 0;
}

/** Records the provider's answer to this job's own hand-over (the row is this job's since the claim). */
export async function recordHandOver(tx: Tx, outboundId: number, patch: OutboundPatch): Promise<void> {
  await tx.update(smsOutbound).set(patch).where(eq(smsOutbound.id, outboundId));
}

/**
 * Provider ids of messages to `to` since `since` already matched to rows: a provider search for
 * a crashed hand-over must not take one of those for it.
 */
export async function knownProviderIds(tx: Tx, to: string, since: Date): Promise<string[]> {
  const rows = await tx
    .select({ id: smsOutbound.providerMessageId })
    .from(smsOutbound)
    .where(
      and(
        eq(smsOutbound.to, to),
        isNotNull(smsOutbound.providerMessageId),
        gte(smsOutbound.createdAt, since),
      ),
    );
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}
