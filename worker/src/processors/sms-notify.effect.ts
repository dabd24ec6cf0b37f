import {
  type AppDeps,
  entities,
  getAncestry,
  issueApprovalCode,
  notes,
  type QueueSmsInput,
  queueSmsBatch,
  smsMessages,
  smsNotificationMembers,
  smsScopeOf,
  smsTexts,
} from '@oppslag/api/core';
import type { OutboxEvent } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import { splitCodeWord } from './sms-text';

/**
 * Side effect of `note.created`: an SMS note waiting for approval is announced by SMS to the
 * entity's notification members (at most two, closest first), each with their own JA/NEI code. The
 * message is recorded in `sms_outbound` under `notify:{note}:{member}` in one transaction with the
 * code, and sent by the `sms/send` job, so a redelivered event sends nothing twice.
 */
export async function notifyPendingSmsNote(deps: AppDeps, event: OutboxEvent): Promise<number> {
  if (event.type !== 'note.created') return 0;
  const data = event.data;
  if (data.note.source !== 'sms' || data.note.approved) return 0;
  const now = deps.now();
  const queued = await deps.database.db.transaction(async (tx) => {
    const [note] = await tx
      .select({
        id: notes.id,
        entityId: notes.entityId,
        approved: notes.approved,
        smsText: smsMessages.text,
        entityName: entities.name,
      })
      .from(notes)
      .innerJoin(entities, eq(entities.id, notes.entityId))
      .leftJoin(smsMessages, eq(smsMessages.id, notes.smsMessageId))
      .where(eq(notes.id, data.id));
    // Approved (or deleted) in the meantime: nobody needs to be asked any more.
    if (!note || note.approved) return 0;
    const ancestry = await getAncestry(tx, note.entityId);
    if (!ancestry) return 0;
    const scope = await smsScopeOf(tx, ancestry);
    const text = splitCodeWord(note.smsText ?? '').rest;
    const members = await smsNotificationMembers(tx, ancestry);
    const requests: QueueSmsInput[] = [];
    for (const member of members) {
      const code = await issueApprovalCode(
        tx,
        { noteId: note.id, userId: member.userId, phone: member.phone },
        now,
      );
      requests.push({
        key: `notify:${note.id}:${member.userId}`,
        kind: 'approval_request',
        to: member.phone,
        text: smsTexts(member.language).approvalRequest(note.entityName, text, code),
        scope,
      });
    }
    // One batch: every member's cap locks at once, before any event (lockSmsCaps).
    const results = await queueSmsBatch(tx, requests, now);
    return results.filter((r) => r.status === 'queued').length;
  });
  if (queued > 0) deps.outbox.notify();
  return queued;
}
