import { smsLanguageFor } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { entities, users } from '../../db/schema/index';
import { deleteNote, updateNote } from '../../services/note.service';
import { decisionCaps, redeemApprovalCode } from '../../services/sms-approval.service';
import { optIn, optOut, queueSms, type SmsScope, smsScopeOf } from '../../services/sms-outbound.service';
import { APPROVE_WORDS, REJECT_WORDS, START_WORDS, STOP_WORDS, smsTexts } from '../../services/sms-texts';
import { takeSmsLocks } from './locks';

export type SmsCommand =
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'decide'; approve: boolean; code: string };

/**
 * Reads an inbound SMS as a command: STOP/STOPP, START, or JA/NEI (YES/NO) followed by a four-digit
 * code, alone in the message. Anything else is a note for a code word.
 */
export function parseSmsCommand(text: string): SmsCommand | null {
  const words = text.normalize('NFKC').trim().toUpperCase().split(/\s+/u);
  if (words.length === 1 && STOP_WORDS.has(words[0])) return { kind: 'stop' };
  if (words.length === 1 && START_WORDS.has(words[0])) return { kind: 'start' };
  if (words.length === 2 && /^\d{4}$/.test(words[1])) {
    if (APPROVE_WORDS.has(words[0])) return { kind: 'decide', approve: true, code: words[1] };
    if (REJECT_WORDS.has(words[0])) return { kind: 'decide', approve: false, code: words[1] };
  }
  return null;
}

/**
 * Carries out a command in the inbound message's transaction. STOP records the opt-out and answers
 * nothing (that is what STOP asks for); START lifts it and says so. JA/NEI redeems the code: the
 * note is approved (published) or rejected (deleted) through the note service, which tells the
 * resident, and the member gets a confirmation; any other case gets a polite answer that changes
 * nothing. Every answer is keyed on the inbound message, so a repeated job answers once.
 */
export async function handleSmsCommand(
  tx: Tx,
  sms: { smsMessageId: number; from: string },
  command: SmsCommand,
  now: Date,
): Promise<'opted_out' | 'opted_in' | 'code_reply'> {
  const key = `reply:${sms.smsMessageId}`;
  if (command.kind === 'stop') {
    await optOut(tx, sms.from, now);
    return 'opted_out';
  }
  if (command.kind === 'start') {
    await optIn(tx, sms.from);
    const text = smsTexts(smsLanguageFor(sms.from)).started();
    await queueSms(
      tx,
      { key, kind: 'reply_started', to: sms.from, text, scope: await smsScopeOf(tx, null) },
      now,
    );
    return 'opted_in';
  }
  const verdict = await redeemApprovalCode(tx, { from: sms.from, code: command.code }, now);
  // A member answers in their own language; an unknown number by its country.
  const [member] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.phoneNumber, sms.from));
  const texts = smsTexts(member?.language ?? smsLanguageFor(sms.from));
  let text: string;
  let scope: SmsScope | null = null;
  if (verdict.status === 'decide') {
    const { note, actor } = verdict;
    const { entityId } = note;
    // The member's answer and the resident's reply take their cap locks together, before the
    // decision records the note's event (domain/sms/locks.ts: cap locks in one sorted call, then
    // sequence rows). One after the other they deadlocked with an approval request to the same member.
    const decision = await decisionCaps(tx, sms.from, note);
    scope = decision.scope;
    await takeSmsLocks(tx, { caps: decision.caps });
    if (command.approve) await updateNote(tx, entityId, note.id, { approved: true }, actor, now);
    else await deleteNote(tx, entityId, note.id, actor, now);
    const [entity] = await tx.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId));
    text = texts.decisionConfirmed(entity?.name ?? '', command.approve, command.code);
  } else if (verdict.status === 'used') text = texts.codeUsed(command.code);
  else if (verdict.status === 'expired') text = texts.codeExpired(command.code);
  else text = texts.codeUnknown(command.code);
  scope ??= await smsScopeOf(tx, null);
  // A code that is not this number's answers whoever guessed it: a reply, under the per-number
  // daily reply limit (30 guesses from one phone get at most that many answers). The rest answer a
  // board member about their own code: the member kinds' limit.
  const kind = verdict.status === 'unknown' ? 'reply_code' : 'code_answer';
  await queueSms(tx, { key, kind, to: sms.from, text, scope }, now);
  return 'code_reply';
}
