import {
  type AppDeps,
  AppError,
  autoApproveNumbers,
  createSmsNote,
  entities,
  getAncestry,
  permissions,
  queueSms,
  smsMessages,
  smsScopeOf,
  smsTexts,
  type Tx,
  users,
  whereShown,
} from '@oppslag/api/core';
import { normalizeSender, smsLanguageFor } from '@oppslag/common';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { handleSmsCommand, parseSmsCommand } from './sms-commands';
import { splitCodeWord } from './sms-text';

export type SmsOutcome =
  | { status: 'already_processed' | 'missing' }
  | { status: 'unknown_code_word' | 'invalid_sender' | 'empty_message' }
  | { status: 'opted_out' | 'opted_in' | 'code_reply' }
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
 * The `sms/inbound` job, started by the outbox relay from the `sms.received` event the webhook
 * recorded: turns one stored inbound SMS into a note through the note service (createSmsNote), in
 * one transaction holding the message row's lock. It does nothing once the row is no longer
 * `received`, so a repeated job or a redelivery never makes a second note.
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
    const sender = normalizeSender(message.from);
    // STOP, START and JA/NEI 4711 come before code words: they are answers, not notes.
    const command = sender ? parseSmsCommand(message.text) : null;
    if (sender && command) {
      const status = await handleSmsCommand(tx, { smsMessageId: message.id, from: sender }, command, now);
      await finish(tx, message.id, now, { status });
      return { status };
    }
    const { codeWord, rest } = splitCodeWord(message.text);
    const [entity] = codeWord
      ? await tx
          .select({ id: entities.id, name: entities.name })
          .from(entities)
          .where(and(sql`lower(${entities.codeWord}) = ${codeWord}`, eq(entities.deleted, false)))
          .limit(1)
      : [];
    const ancestry = entity ? await getAncestry(tx, entity.id) : null;
    if (!entity || !ancestry) {
      await finish(tx, message.id, now, { status: 'unknown_code_word' });
      // A short help text naming how to use the service (capped and STOP-able like every reply).
      if (sender)
        await queueSms(
          tx,
          {
            key: `reply:${message.id}`,
            kind: 'reply_help',
            to: sender,
            text: smsTexts(smsLanguageFor(sender)).help(codeWord.slice(0, 30)),
            scope: { entityId: null, organization: null },
          },
          now,
        );
      return { status: 'unknown_code_word' };
    }
    if (!sender) {
      await finish(tx, message.id, now, { status: 'invalid_sender', entityId: entity.id });
      return { status: 'invalid_sender' };
    }
    const { approved, ownerId } = await senderStanding(tx, sender, ancestry, now);
    const note = rest
      ? await createSmsNote(
          tx,
          { entityId: entity.id, smsMessageId: message.id, text: rest, ownerId, approved },
          now,
        ).catch((err: unknown) => {
          // The note service found nothing to show once sanitized: the same outcome as no text.
          if (err instanceof AppError && err.code === 'validation_failed') return null;
          throw err;
        })
      : null;
    if (!note) {
      await finish(tx, message.id, now, { status: 'empty_message', entityId: entity.id });
      return { status: 'empty_message' };
    }
    await finish(tx, message.id, now, { status: 'routed', entityId: entity.id, noteId: note.id });
    // The sender hears where the note is shown, or that it waits for the board.
    const language = smsLanguageFor(sender);
    const where = whereShown(language, entity.name);
    await queueSms(
      tx,
      {
        key: `reply:${message.id}`,
        kind: approved ? 'reply_published' : 'reply_pending',
        to: sender,
        text: approved ? smsTexts(language).published(where) : smsTexts(language).pending(where),
        scope: await smsScopeOf(tx, ancestry),
      },
      now,
    );
    return { status: 'routed', noteId: note.id, entityId: entity.id, approved };
  });
  if (outcome.status !== 'missing' && outcome.status !== 'already_processed') deps.outbox.notify();
  return outcome;
}
