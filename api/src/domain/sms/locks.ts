import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * The SMS domain's lock order, as code. Every transaction that queues SMS, issues approval codes or
 * decides on an SMS note takes its SMS locks here, in one call before its first event:
 *
 *   1. the cap locks: one per recipient number (`sms-to:<number>`, sorted), then one per
 *      organization (`sms-org:<id>`, sorted). They serialize the daily and monthly cap counts.
 *   2. the approval-code issuer's lock (`sms-approval-codes`), when the transaction may issue codes
 *      (two issuers would otherwise pick the same free code).
 *   3. only then entity sequence rows, which `recordEvent` locks for every event.
 *
 * Any two transactions thus wait for each other in one direction only. Before this module the order
 * was a comment in four files, and it deadlocked once: a routing batch recorded a note's event
 * (a sequence row) and then queued a reply (a cap lock) while an approval request held that cap lock
 * and waited for the sequence row; PostgreSQL failed one of them after a second.
 *
 * The locks are transaction-scoped advisory locks and re-entrant: `queueSmsBatch` taking the caps of
 * what it queues again later is free, as long as the first call covered them (a transaction takes
 * the caps of everything it MAY send up front; more than is sent is harmless).
 */
export interface SmsLocks {
  /** Who may be texted, and on which organization's budget (the `QueueSmsInput`s, or their caps). */
  caps?: readonly SmsCap[];
  /** The transaction may issue approval codes. */
  approvalCodes?: boolean;
}

export interface SmsCap {
  to: string;
  scope: { organization: { id: number } | null };
}

/** The advisory lock keys of `locks`, in the order they are taken. */
export function smsLockKeys(locks: SmsLocks): string[] {
  const { numbers, orgIds } = capsOf(locks.caps ?? []);
  return [
    ...numbers.map((n) => `sms-to:${n}`),
    ...orgIds.map((id) => `sms-org:${id}`),
    ...(locks.approvalCodes ? ['sms-approval-codes'] : []),
  ];
}

/**
 * Takes the SMS locks a transaction needs, in the one order (see above), in one statement. Returns
 * the distinct numbers and organizations whose caps it now holds (sorted).
 */
export async function takeSmsLocks(
  tx: Tx,
  locks: SmsLocks,
): Promise<{ numbers: string[]; orgIds: number[] }> {
  const keys = smsLockKeys(locks);
  if (keys.length > 0) {
    const list = sql.join(
      keys.map((k) => sql`(${k})`),
      sql`, `,
    );
    // A VALUES list is scanned in its written order, so the locks are taken in the list's order.
    await tx.execute(sql`select count(pg_advisory_xact_lock(hashtext(k))) from (values ${list}) as t(k)`);
  }
  return capsOf(locks.caps ?? []);
}

function capsOf(caps: readonly SmsCap[]): { numbers: string[]; orgIds: number[] } {
  const numbers = [...new Set(caps.map((c) => c.to))].sort();
  const orgIds = [
    ...new Set(caps.flatMap((c) => (c.scope.organization ? [c.scope.organization.id] : []))),
  ].sort((a, b) => a - b);
  return { numbers, orgIds };
}
