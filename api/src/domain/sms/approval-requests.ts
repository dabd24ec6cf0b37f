import type { Tx } from '../../db/client';
import { issueApprovalCode } from '../../services/sms-approval.service';
import {
  type QueueSmsInput,
  type SmsScope,
  smsNotificationMembers,
} from '../../services/sms-outbound.service';
import { smsTexts } from '../../services/sms-texts';

export type NotifyMember = Awaited<ReturnType<typeof smsNotificationMembers>>[number];

/**
 * The notification members (at most two, closest first) of each entity a batch may create a
 * pending note on, looked up once per entity: their numbers join the batch's cap locks before its
 * first event, and their approval requests are queued with the replies.
 */
export async function notifyMembersOf(
  tx: Tx,
  destinations: Iterable<{ entityId: number; ancestry: number[] }>,
): Promise<Map<number, NotifyMember[]>> {
  const members = new Map<number, NotifyMember[]>();
  for (const d of destinations) {
    if (!members.has(d.entityId)) members.set(d.entityId, await smsNotificationMembers(tx, d.ancestry));
  }
  return members;
}

/**
 * An SMS note waiting for approval is announced to the entity's notification members, each with
 * their own JA/NEI code, in the routing transaction that created the note: the code, the request
 * rows and the note commit together, so no Redis loss or worker crash can lose a request (there is
 * no side-effect job between them) and a repeated routing finds the keys `notify:{note}:{member}`.
 * The caller holds the code issuer's lock (`takeSmsLocks`) and every member's cap lock.
 */
export async function approvalRequests(
  tx: Tx,
  note: { id: number; text: string },
  entity: { name: string },
  scope: SmsScope,
  members: readonly NotifyMember[],
  now: Date,
): Promise<QueueSmsInput[]> {
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
      text: smsTexts(member.language).approvalRequest(entity.name, note.text, code),
      scope,
    });
  }
  return requests;
}
