import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  autoApproveNumbers,
  notes,
  smsApprovalCodes,
  smsMessages,
  smsOptOuts,
  smsOutbound,
  users,
} from '../db/schema/index';
import { type UnitOfWorkDeps, unitOfWork } from '../db/unit-of-work';

/**
 * Residents' SMS data (issue 28 item 9): what is kept about a phone number, for how long, and how
 * it is shown or erased on request. A resident's number and text live in `sms_messages` (inbound),
 * `sms_outbound` (replies and member SMS) and `sms_approval_codes`; STOP in `sms_opt_outs`. Notes
 * made from an SMS keep their text (the board published it) and reach the number only through the
 * SMS row, so blanking that row leaves the note without the number.
 */

/** What a blanked number or text reads as: the columns are NOT NULL, and '' cannot be a number. */
export const ERASED = '';

/**
 * The STOP state of an erased number: a one-way hash, so STOP keeps working when the number
 * writes again (the outbound pipeline checks the number and its hash) while the table no longer
 * says which number it was. SHA-256 without a key: a key that rotates would lose every STOP.
 * Norwegian numbers are few enough to be hashed through, so this is pseudonymisation (docs/privacy.md).
 */
export const optOutHash = (number: string): string =>
  `sha256:${createHash('sha256').update(`oppslag-stop:${number}`).digest('hex')}`;

/** The forms a number's STOP can be stored in: itself, and its hash once erased. */
export const optOutKeys = (numbers: readonly string[]): string[] =>
  numbers.flatMap((n) => [n, optOutHash(n)]);

/** Blanks number and text of inbound and outbound SMS older than `retentionDays` (daily job). */
export async function expireSmsData(
  deps: UnitOfWorkDeps,
  retentionDays: number,
  now: Date,
): Promise<{ inbound: number; outbound: number; codes: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  // One unit of work like every other write (it records no events, so it wakes nothing).
  return unitOfWork(deps, async (tx) => {
    const inbound = await tx
      .update(smsMessages)
      .set({ from: ERASED, to: null, text: ERASED, raw: {} })
      .where(
        and(
          lt(smsMessages.receivedAt, cutoff),
          or(ne(smsMessages.from, ERASED), ne(smsMessages.text, ERASED)),
        ),
      )
      .returning({ id: smsMessages.id });
    // Rows still on their way out keep their number until they are sent or given up.
    const outbound = await tx
      .update(smsOutbound)
      .set({ to: ERASED, text: ERASED })
      .where(
        and(
          lt(smsOutbound.createdAt, cutoff),
          ne(smsOutbound.to, ERASED),
          inArray(smsOutbound.status, ['sent', 'suppressed', 'failed', 'unknown']),
        ),
      )
      .returning({ id: smsOutbound.id });
    const codes = await tx
      .update(smsApprovalCodes)
      .set({ phone: ERASED })
      .where(and(lt(smsApprovalCodes.createdAt, cutoff), ne(smsApprovalCodes.phone, ERASED)))
      .returning({ id: smsApprovalCodes.id });
    return { inbound: inbound.length, outbound: outbound.length, codes: codes.length };
  });
}

/** Everything stored about a number (stored form `00…`), for `GET /api/privacy/phone/{e164}`. */
export async function phoneReport(tx: Tx, number: string) {
  const inbound = await tx
    .select({
      id: smsMessages.id,
      receivedAt: smsMessages.receivedAt,
      to: smsMessages.to,
      text: smsMessages.text,
      status: smsMessages.status,
      entityId: smsMessages.entityId,
      noteId: smsMessages.noteId,
    })
    .from(smsMessages)
    .where(eq(smsMessages.from, number))
    .orderBy(smsMessages.id);
  const outbound = await tx
    .select({
      id: smsOutbound.id,
      createdAt: smsOutbound.createdAt,
      kind: smsOutbound.kind,
      text: smsOutbound.text,
      status: smsOutbound.status,
      reason: smsOutbound.reason,
      entityId: smsOutbound.entityId,
      sentAt: smsOutbound.sentAt,
    })
    .from(smsOutbound)
    .where(eq(smsOutbound.to, number))
    .orderBy(smsOutbound.id);
  const noteIds = inbound.flatMap((m) => (m.noteId ? [m.noteId] : []));
  const notesFromSms = noteIds.length
    ? await tx
        .select({ id: notes.id, entityId: notes.entityId, text: notes.text, approved: notes.approved })
        .from(notes)
        .where(inArray(notes.id, noteIds))
    : [];
  const [stop] = await tx
    .select({ optedOutAt: smsOptOuts.optedOutAt })
    .from(smsOptOuts)
    .where(inArray(smsOptOuts.number, optOutKeys([number])));
  const accounts = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.phoneNumber, number));
  const autoApprove = await tx
    .select({
      id: autoApproveNumbers.id,
      entityId: autoApproveNumbers.entityId,
      description: autoApproveNumbers.description,
    })
    .from(autoApproveNumbers)
    .where(eq(autoApproveNumbers.number, number));
  const approvalCodes = await tx
    .select({
      id: smsApprovalCodes.id,
      noteId: smsApprovalCodes.noteId,
      createdAt: smsApprovalCodes.createdAt,
    })
    .from(smsApprovalCodes)
    .where(eq(smsApprovalCodes.phone, number));
  return {
    number,
    inbound,
    outbound,
    notesFromSms,
    stop: stop ? { optedOutAt: stop.optedOutAt } : null,
    accounts,
    autoApproveNumbers: autoApprove,
    approvalCodes,
  };
}
export type PhoneReport = Awaited<ReturnType<typeof phoneReport>>;

/**
 * Erases a number (`DELETE /api/privacy/phone/{e164}`): its SMS lose number and text, approval
 * codes their number, and STOP is kept only as the hash. Accounts and auto-approval entries are a
 * board's own records of a member and are listed by the report, not erased here.
 */
export async function erasePhone(tx: Tx, number: string) {
  const inbound = await tx
    .update(smsMessages)
    .set({ from: ERASED, to: null, text: ERASED, raw: {} })
    .where(eq(smsMessages.from, number))
    .returning({ id: smsMessages.id });
  // A message still waiting is not sent to nobody: it is suppressed with the reason.
  await tx
    .update(smsOutbound)
    .set({ status: 'suppressed', reason: 'erased' })
    .where(and(eq(smsOutbound.to, number), eq(smsOutbound.status, 'queued')));
  const outbound = await tx
    .update(smsOutbound)
    .set({ to: ERASED, text: ERASED })
    .where(eq(smsOutbound.to, number))
    .returning({ id: smsOutbound.id });
  await tx.update(smsApprovalCodes).set({ phone: ERASED }).where(eq(smsApprovalCodes.phone, number));
  const stop = await tx
    .update(smsOptOuts)
    .set({ number: optOutHash(number) })
    .where(eq(smsOptOuts.number, number))
    .returning({ number: smsOptOuts.number });
  return { inbound: inbound.length, outbound: outbound.length, stopKept: stop.length > 0 };
}

/** The reference of a STOP entry in the console: the hash without its prefix (never the number). */
export const optOutRef = (number: string): string => optOutHash(number).slice('sha256:'.length);

/**
 * Numbers that sent STOP and have written to the organization (an SMS routed to it or to an entity
 * below it): the board's STOP list. Erased numbers (kept as a hash) are not listed: nobody can say
 * whose they are any more.
 */
export async function optOutsOf(tx: Tx, organizationId: number) {
  const rows = await tx.execute<{ number: string; opted_out_at: string | Date }>(sql`
    with recursive sub(id) as (
      select id from entities where id = ${organizationId}
      union
      select c.id from entities c join sub s on c.parent_id = s.id
    )
    select o.number, o.opted_out_at from sms_opt_outs o
    where exists (
      select 1 from sms_messages m where m."from" = o.number and m.entity_id in (select id from sub)
    )
    order by o.opted_out_at desc`);
  const list = Array.isArray(rows)
    ? rows
    : (rows as { rows: { number: string; opted_out_at: string | Date }[] }).rows;
  return list.map((r) => ({ number: r.number, optedOutAt: new Date(r.opted_out_at) }));
}

/** Lifts the STOP of one listed number (by its reference); false when it is not on the list. */
export async function liftOptOut(tx: Tx, organizationId: number, ref: string): Promise<boolean> {
  const match = (await optOutsOf(tx, organizationId)).find((o) => optOutRef(o.number) === ref);
  if (!match) return false;
  await tx.delete(smsOptOuts).where(inArray(smsOptOuts.number, optOutKeys([match.number])));
  return true;
}
