import { normalizeSender } from '@oppslag/common';
import { and, eq, gte, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Tx } from '../../db/client';
import { smsMessages } from '../../db/schema/index';
import { noteCapReached, osloDay } from '../../services/sms-outbound.service';

/** A message that would become a pending note (a code word, text, a sender not trusted), in id order. */
export interface CapCandidate {
  id: number;
  /** As the provider gave it (the column counted), and normalized. */
  from: string;
  sender: string;
  /** The organization of the code word's entity, whose daily limit applies. */
  organization: { id: number; dailyLimit: number } | null;
}

/**
 * The per-sender daily cap on inbound SMS that make outbound work: a pending note costs a reply and
 * an approval request to each notification member. Beyond the organization's `smsDailyReplyLimit`
 * such notes from one number in an Oslo day, a message makes nothing (no note, no reply, no
 * approval request), so one number can neither text the board without end nor spend the
 * organization's budget. Senders the board trusts (auto-approve list, autoApprove members) are not
 * candidates; commands and unknown code words make only replies, which the reply limit already
 * bounds per number. The caller holds every sender's cap lock (`takeSmsLocks`), so two batches read
 * each other's committed counts. The first refusal per number and day records `sms_cap_notices`
 * (`daily:{number}:{day}`, like the reply limit), so the console's SMS warning names the number
 * once. Returns the ids to finish as `sender_limit`.
 */
export async function overSenderCap(
  tx: Tx,
  candidates: readonly CapCandidate[],
  now: Date,
): Promise<Set<number>> {
  const limited = new Set<number>();
  if (candidates.length === 0) return limited;
  const day = osloDay(now);
  // Counted by the raw `from` the batch saw (each provider writes a number one way).
  const rows = await tx
    .select({ from: smsMessages.from, count: sql<number>`count(*)::int` })
    .from(smsMessages)
    .where(
      and(
        anyOf(smsMessages.from, [...new Set(candidates.map((c) => c.from))]),
        gte(smsMessages.receivedAt, day.start),
        eq(smsMessages.status, 'routed'),
      ),
    )
    .groupBy(smsMessages.from);
  const used = new Map<string, number>();
  for (const r of rows) {
    const sender = normalizeSender(r.from);
    if (sender) used.set(sender, (used.get(sender) ?? 0) + r.count);
  }
  for (const c of candidates) {
    const n = used.get(c.sender) ?? 0;
    if (c.organization && n >= c.organization.dailyLimit) {
      limited.add(c.id);
      await noteCapReached(tx, c.organization.id, `daily:${c.sender}:${day.label}`, now);
    } else used.set(c.sender, n + 1);
  }
  return limited;
}
