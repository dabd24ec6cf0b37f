import { randomInt } from 'node:crypto';
import { can, normalizeSender, SMS_APPROVAL_CODE_DAYS, smsLanguageFor } from '@oppslag/common';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities, notes, smsApprovalCodes, smsMessages, users } from '../db/schema/index';
import { takeSmsLocks } from '../domain/sms/locks';
import { getAncestry, getGrants } from './access.service';
import { type QueueSmsInput, queueSms, type SmsScope, smsScopeOf } from './sms-outbound.service';
import { smsTexts, whereShown } from './sms-texts';

/**
 * The code in an approval SMS to one member about one note: the same code again for the same
 * (note, member), otherwise four digits not used by any other open code. Codes are bound to the
 * member's number, so 10 000 values are plenty: guessing from another phone finds nothing.
 */
export async function issueApprovalCode(
  tx: Tx,
  input: { noteId: number; userId: number; phone: string },
  now: Date,
): Promise<string> {
  const [existing] = await tx
    .select({ code: smsApprovalCodes.code })
    .from(smsApprovalCodes)
    .where(and(eq(smsApprovalCodes.noteId, input.noteId), eq(smsApprovalCodes.userId, input.userId)));
  if (existing) return existing.code;
  // One issuer at a time, so "not among the open codes" still holds when the row is written. A
  // transaction that also queues SMS took this lock with its caps already (domain/sms/locks.ts).
  await takeSmsLocks(tx, { approvalCodes: true });
  const open = await tx
    .select({ code: smsApprovalCodes.code })
    .from(smsApprovalCodes)
    .where(and(isNull(smsApprovalCodes.usedAt), gt(smsApprovalCodes.expiresAt, now)));
  const taken = new Set(open.map((r) => r.code));
  if (taken.size >= 9000) throw new Error('no free approval code');
  let code: string;
  do code = String(randomInt(1000, 10_000));
  while (taken.has(code));
  await tx.insert(smsApprovalCodes).values({
    code,
    noteId: input.noteId,
    userId: input.userId,
    phone: input.phone,
    expiresAt: new Date(now.getTime() + SMS_APPROVAL_CODE_DAYS * 24 * 3600 * 1000),
    createdAt: now,
  });
  return code;
}

/** Closes every open code of a note once it has been decided (console, another member, SMS). */
export async function closeApprovalCodes(tx: Tx, noteId: number, decision: string, now: Date): Promise<void> {
  await tx
    .update(smsApprovalCodes)
    .set({ usedAt: now, decision })
    .where(and(eq(smsApprovalCodes.noteId, noteId), isNull(smsApprovalCodes.usedAt)));
}

/** An SMS note as far as a decision on it concerns its sender. */
export type DecidedNote = { id: number; entityId: number; source: string; smsMessageId: number | null };

export type CodeVerdict =
  | { status: 'unknown' | 'used' | 'expired' }
  | { status: 'decide'; note: DecidedNote; actor: { id: number; admin: boolean } };

/**
 * What a JA/NEI with a code from a number means. Only a code issued to that very number counts;
 * anything else is `unknown` (the same answer for a wrong number and a code that never existed, so
 * the answer tells a guesser nothing). A used code, a note already decided, or an expired code is
 * answered as such; the member must still hold moderation rights on the note's entity.
 */
export async function redeemApprovalCode(
  tx: Tx,
  input: { from: string; code: string },
  now: Date,
): Promise<CodeVerdict> {
  const [row] = await tx
    .select()
    .from(smsApprovalCodes)
    .where(and(eq(smsApprovalCodes.code, input.code), eq(smsApprovalCodes.phone, input.from)))
    .orderBy(desc(smsApprovalCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row) return { status: 'unknown' };
  if (row.usedAt) return { status: 'used' };
  if (row.expiresAt <= now) return { status: 'expired' };
  const [note] = await tx
    .select({
      id: notes.id,
      entityId: notes.entityId,
      approved: notes.approved,
      source: notes.source,
      smsMessageId: notes.smsMessageId,
    })
    .from(notes)
    .where(eq(notes.id, row.noteId))
    .for('update');
  if (!note || note.approved) return { status: 'used' };
  const [user] = await tx
    .select({ id: users.id, admin: users.admin, phone: users.phoneNumber, verifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  const ancestry = await getAncestry(tx, note.entityId);
  // The member left the board or changed number since the code was sent: the code is no longer theirs.
  // Only a number its member confirmed decides (issue 28 item 5).
  if (!user || user.phone !== input.from || !user.verifiedAt || !ancestry) return { status: 'unknown' };
  const actor = { id: user.id, admin: user.admin };
  if (!can(actor, 'moderate_content', await getGrants(tx, user.id), ancestry)) return { status: 'unknown' };
  const { approved: _, ...decided } = note;
  return { status: 'decide', note: decided, actor };
}

/**
 * The reply that tells an SMS note's sender the board's decision (key per note and outcome), or
 * null when there is no one to tell. `smsNoteDecided` queues it; a transaction that queues other
 * messages too takes its cap locks with theirs first (`takeSmsLocks`, one call for all).
 */
export async function decisionReply(
  tx: Tx,
  note: DecidedNote,
  decision: 'approved' | 'rejected',
): Promise<QueueSmsInput | null> {
  if (note.source !== 'sms' || !note.smsMessageId) return null;
  const [origin] = await tx
    .select({ from: smsMessages.from, entityName: entities.name })
    .from(smsMessages)
    .innerJoin(entities, eq(entities.id, note.entityId))
    .where(eq(smsMessages.id, note.smsMessageId));
  if (!origin) return null;
  const to = normalizeSender(origin.from);
  if (!to) return null;
  const language = smsLanguageFor(to);
  const texts = smsTexts(language);
  const where = whereShown(language, origin.entityName);
  return {
    key: `decision:${note.id}:${decision}`,
    kind: decision === 'approved' ? 'reply_approved' : 'reply_rejected',
    to,
    text: decision === 'approved' ? texts.approved(where) : texts.rejected(where),
    scope: await smsScopeOf(tx, await getAncestry(tx, note.entityId)),
  };
}

/**
 * The cap locks (`takeSmsLocks`) a member's JA/NEI on this note takes: the member's answer (scoped to
 * the note's entity) and the resident's reply. The answer and `decisionLocksOf` use this one list.
 */
export async function decisionCaps(
  tx: Tx,
  memberNumber: string,
  note: DecidedNote,
): Promise<{ scope: SmsScope; caps: Pick<QueueSmsInput, 'to' | 'scope'>[] }> {
  const scope = await smsScopeOf(tx, await getAncestry(tx, note.entityId));
  const resident = await decisionReply(tx, note, 'approved');
  return { scope, caps: [{ to: memberNumber, scope }, ...(resident ? [resident] : [])] };
}

/**
 * What a JA/NEI with this code from this number would lock, read without locking anything: for a
 * routing batch to take every lock it may need before its first event. The code's note as the
 * answer would find it (the latest code to the number); just the member's number when none.
 */
export async function decisionLocksOf(
  tx: Tx,
  input: { from: string; code: string },
): Promise<Pick<QueueSmsInput, 'to' | 'scope'>[]> {
  const [note] = await tx
    .select({
      id: notes.id,
      entityId: notes.entityId,
      source: notes.source,
      smsMessageId: notes.smsMessageId,
    })
    .from(smsApprovalCodes)
    .innerJoin(notes, eq(notes.id, smsApprovalCodes.noteId))
    .where(and(eq(smsApprovalCodes.code, input.code), eq(smsApprovalCodes.phone, input.from)))
    .orderBy(desc(smsApprovalCodes.createdAt))
    .limit(1);
  if (!note) return [{ to: input.from, scope: await smsScopeOf(tx, null) }];
  return (await decisionCaps(tx, input.from, note)).caps;
}

/**
 * An SMS note was decided (approved, or rejected: unpublished or deleted while pending): its open
 * codes close and the resident who sent it hears the outcome once.
 */
export async function smsNoteDecided(
  tx: Tx,
  note: DecidedNote,
  decision: 'approved' | 'rejected',
  now: Date,
): Promise<void> {
  if (note.source !== 'sms') return;
  await closeApprovalCodes(tx, note.id, decision, now);
  const reply = await decisionReply(tx, note, decision);
  if (reply) await queueSms(tx, reply, now);
}
