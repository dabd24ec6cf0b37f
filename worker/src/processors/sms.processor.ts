import {
  type AppDeps,
  autoApproveNumbers,
  entities,
  getAncestry,
  notes,
  permissions,
  presentNote,
  recordEvent,
  smsMessages,
  type Tx,
  users,
} from '@oppslag/api/core';
import { normalizePhone } from '@oppslag/common';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { smsTextToHtml, splitCodeWord } from './sms-text';

/** How long an SMS note stays on the board: a week, then it expires like any other note. */
export const SMS_NOTE_DAYS = 7;
export const SMS_NOTE_ICON = 'comment';

export type SmsOutcome =
  | { status: 'already_processed' | 'missing' }
  | { status: 'unknown_code_word' | 'invalid_sender' | 'empty_message' }
  | { status: 'routed'; noteId: number; entityId: number; approved: boolean };

/**
 * Whether the sender may publish without moderation: their number is on the active auto-approve
 * list of the entity or an ancestor (an organization's list covers its displays), or they are a
 * member with autoApprove on the entity or an ancestor. Also returns the member, who owns the note.
 */
async function senderStanding(tx: Tx, sender: string, ancestry: number[], now: Date) {
  const listed = await tx
    .select({ id: autoApproveNumbers.id })
    .from(autoApproveNumbers)
    .where(
      and(
        inArray(autoApproveNumbers.entityId, ancestry),
        eq(autoApproveNumbers.number, sender),
        or(isNull(autoApproveNumbers.expirationDate), gt(autoApproveNumbers.expirationDate, now)),
      ),
    )
    .limit(1);
  const members = await tx
    .select({ userId: users.id, autoApprove: permissions.autoApprove })
    .from(users)
    .innerJoin(permissions, eq(permissions.userId, users.id))
    .where(and(eq(users.phoneNumber, sender), inArray(permissions.entityId, ancestry)));
  return {
    approved: listed.length > 0 || members.some((m) => m.autoApprove),
    ownerId: members[0]?.userId ?? null,
  };
}

async function finish(tx: Tx, id: number, now: Date, values: Partial<typeof smsMessages.$inferInsert>) {
  await tx
    .update(smsMessages)
    .set({ ...values, processedAt: now })
    .where(eq(smsMessages.id, id));
}

/**
 * Turns one stored inbound SMS into a note. Runs in one transaction holding the message row's
 * lock, and does nothing once the row is no longer `received`, so a repeated job, a concurrent
 * sweep or a redelivery never makes a second note.
 */
export async function processInboundSms(deps: AppDeps, smsMessageId: number): Promise<SmsOutcome> {
  const now = deps.now();
  const outcome = await deps.database.db.transaction(async (tx): Promise<SmsOutcome> => {
    const [message] = await tx
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.id, smsMessageId))
      .for('update');
    if (!message) return { status: 'missing' };
    if (message.status !== 'received') return { status: 'already_processed' };
    const { codeWord, rest } = splitCodeWord(message.text);
    const [entity] = codeWord
      ? await tx
          .select({ id: entities.id })
          .from(entities)
          .where(and(sql`lower(${entities.codeWord}) = ${codeWord}`, eq(entities.deleted, false)))
          .limit(1)
      : [];
    const ancestry = entity ? await getAncestry(tx, entity.id) : null;
    if (!entity || !ancestry) {
      await finish(tx, message.id, now, { status: 'unknown_code_word' });
      return { status: 'unknown_code_word' };
    }
    const sender = normalizePhone(message.from);
    if (!sender) {
      await finish(tx, message.id, now, { status: 'invalid_sender', entityId: entity.id });
      return { status: 'invalid_sender' };
    }
    if (!rest) {
      await finish(tx, message.id, now, { status: 'empty_message', entityId: entity.id });
      return { status: 'empty_message' };
    }
    const { approved, ownerId } = await senderStanding(tx, sender, ancestry, now);
    const [note] = await tx
      .insert(notes)
      .values({
        entityId: entity.id,
        ownerId,
        text: smsTextToHtml(rest),
        icon: SMS_NOTE_ICON,
        date: now,
        end: new Date(now.getTime() + SMS_NOTE_DAYS * 24 * 3600 * 1000),
        approved,
        source: 'sms',
        smsMessageId: message.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEvent(tx, {
      type: 'note.created',
      entityId: entity.id,
      data: { id: note.id, note: presentNote(note, now) },
    });
    await finish(tx, message.id, now, { status: 'routed', entityId: entity.id, noteId: note.id });
    return { status: 'routed', noteId: note.id, entityId: entity.id, approved };
  });
  if (outcome.status === 'routed') deps.outbox.notify();
  return outcome;
}

/** Ids of messages still `received` after `minAgeMs` (their job was lost or Redis was down). */
export async function unprocessedSmsIds(deps: AppDeps, minAgeMs: number, limit = 500): Promise<number[]> {
  const before = new Date(deps.now().getTime() - minAgeMs);
  const rows = await deps.database.db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.status, 'received'), lte(smsMessages.receivedAt, before)))
    .orderBy(smsMessages.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The safety net for inbound SMS: routes every message left `received` straight from PostgreSQL,
 * without Redis, so a message stored while Redis was down still becomes a note.
 */
export async function sweepInboundSms(deps: AppDeps, minAgeMs: number): Promise<number> {
  let routed = 0;
  for (const id of await unprocessedSmsIds(deps, minAgeMs)) {
    const outcome = await processInboundSms(deps, id);
    if (outcome.status === 'routed') routed++;
  }
  return routed;
}
