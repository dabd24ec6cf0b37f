import { normalizeSender, smsLanguageFor } from '@oppslag/common';
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Tx } from '../../db/client';
import { autoApproveNumbers, entities, permissions, type smsMessages, users } from '../../db/schema/index';
import { getAncestries } from '../../services/access.service';
import { createSmsNotes, type SmsNoteInput } from '../../services/note.service';
import { decisionLocksOf } from '../../services/sms-approval.service';
import {
  type QueueSmsInput,
  queueSmsBatch,
  type ScopeEntity,
  type SmsScope,
  scopeColumns,
  scopeOfChain,
} from '../../services/sms-outbound.service';
import { smsTexts, whereShown } from '../../services/sms-texts';
import { approvalRequests, type NotifyMember, notifyMembersOf } from './approval-requests';
import { handleSmsCommand, parseSmsCommand, type SmsCommand } from './commands';
import { takeSmsLocks } from './locks';
import { overSenderCap } from './sender-cap';
import { splitCodeWord } from './text';

export type SmsOutcome =
  | { status: 'already_processed' | 'missing' }
  | { status: 'unknown_code_word' | 'invalid_sender' | 'empty_message' }
  | { status: 'opted_out' | 'opted_in' | 'code_reply' | 'sender_limit' }
  | { status: 'routed'; noteId: number; entityId: number; approved: boolean };

type Message = Pick<typeof smsMessages.$inferSelect, 'id' | 'from' | 'text'>;

/** What a message is, read from its text alone (before anything is looked up). */
type Reading =
  | { kind: 'command'; message: Message; sender: string; command: SmsCommand }
  | { kind: 'text'; message: Message; sender: string | null; codeWord: string; rest: string };

type TextReading = Extract<Reading, { kind: 'text' }>;

function read(message: Message): Reading {
  const sender = normalizeSender(message.from);
  // STOP, START and JA/NEI 4711 come before code words: they are answers, not notes.
  const command = sender ? parseSmsCommand(message.text) : null;
  if (sender && command) return { kind: 'command', message, sender, command };
  return { kind: 'text', message, sender: sender ?? null, ...splitCodeWord(message.text) };
}

/**
 * What routing needs to know, looked up once for the whole batch: the entities of the code words
 * (a deleted entity keeps no code word), their ancestries and the entity rows the SMS scopes are
 * made of, and the senders' standing on those ancestries (active auto-approve entries, grants).
 */
async function lookUp(tx: Tx, texts: TextReading[], now: Date) {
  const words = [...new Set(texts.map((t) => t.codeWord).filter(Boolean))];
  const found = words.length
    ? await tx
        .select({ id: entities.id, name: entities.name, word: sql<string>`lower(${entities.codeWord})` })
        .from(entities)
        .where(and(anyOf(sql`lower(${entities.codeWord})`, words), eq(entities.deleted, false)))
    : [];
  const byWord = new Map(found.map((e) => [e.word, e]));
  const ancestries = await getAncestries(
    tx,
    found.map((e) => e.id),
  );
  const chainIds = [...new Set([...ancestries.values()].flatMap((a) => a ?? []))];
  const senders = [...new Set(texts.flatMap((t) => (t.sender && byWord.has(t.codeWord) ? [t.sender] : [])))];
  // Sequential on the transaction's one connection anyway; all three only when a word matched.
  const [scopeRows, listed, members] = chainIds.length
    ? [
        await tx.select(scopeColumns).from(entities).where(anyOf(entities.id, chainIds)),
        senders.length
          ? await tx
              .select({ entityId: autoApproveNumbers.entityId, number: autoApproveNumbers.number })
              .from(autoApproveNumbers)
              .where(
                and(
                  anyOf(autoApproveNumbers.entityId, chainIds),
                  anyOf(autoApproveNumbers.number, senders),
                  or(isNull(autoApproveNumbers.expirationDate), gt(autoApproveNumbers.expirationDate, now)),
                ),
              )
          : [],
        senders.length
          ? await tx
              .select({
                userId: users.id,
                phone: users.phoneNumber,
                entityId: permissions.entityId,
                autoApprove: permissions.autoApprove,
              })
              .from(users)
              .innerJoin(permissions, eq(permissions.userId, users.id))
              .where(
                and(
                  anyOf(users.phoneNumber, senders),
                  anyOf(permissions.entityId, chainIds),
                  // A member's number auto-approves only once the member confirmed it (issue 28 item 5).
                  isNotNull(users.phoneVerifiedAt),
                ),
              )
          : [],
      ]
    : [[], [], []];
  return { byWord, ancestries, scopeRows: scopeRows as ScopeEntity[], listed, members };
}
type Lookups = Awaited<ReturnType<typeof lookUp>>;

/**
 * Whether the sender may publish without moderation: their number is on the active auto-approve
 * list of the entity or an ancestor (an organization's list covers its displays), or they are a
 * member with autoApprove on the entity or an ancestor. Also returns the member, who owns the note.
 */
function senderStanding(lookups: Lookups, sender: string, ancestry: number[]) {
  const within = (entityId: number) => ancestry.includes(entityId);
  const members = lookups.members.filter((m) => m.phone === sender && within(m.entityId));
  return {
    approved:
      lookups.listed.some((l) => l.number === sender && within(l.entityId)) ||
      members.some((m) => m.autoApprove),
    ownerId: members[0]?.userId ?? null,
  };
}

/** The outcome written on a message: status, and the entity and note it went to. */
interface Finish {
  id: number;
  status: string;
  entityId?: number;
  noteId?: number;
}

/** Writes the outcome of several messages in one statement (one array parameter per column). */
async function finish(tx: Tx, done: Finish[], now: Date): Promise<void> {
  if (done.length === 0) return;
  const column = <T>(pick: (f: Finish) => T) => sql.param(done.map(pick));
  await tx.execute(sql`
    update sms_messages as m
    set status = v.status, entity_id = v.entity_id, note_id = v.note_id,
      processed_at = ${now.toISOString()}::timestamptz
    from unnest(${column((f) => f.id)}::int[], ${column((f) => f.status)}::text[],
      ${column((f) => f.entityId ?? null)}::int[], ${column((f) => f.noteId ?? null)}::int[])
      as v(id, status, entity_id, note_id)
    where m.id = v.id`);
}

/** A message with a code word, a sender and text: its note and reply are written with the others'. */
interface NoteStep {
  message: Message;
  sender: string;
  entity: { id: number; name: string };
  ancestry: number[];
  note: SmsNoteInput;
}
/** A message settled without a note (unknown code word, no sender, no text), maybe with a reply. */
interface PlainStep {
  finish: Finish;
  outcome: SmsOutcome;
  reply?: QueueSmsInput;
}
type Step = NoteStep | PlainStep;

/** The scope of a reply about no entity (a help text, START's answer): the default caps only. */
const NO_SCOPE: SmsScope = { entityId: null, organization: null };

/** The entity a text's code word names and its ancestry; null for an unknown (or deleted) word. */
function destinationOf(reading: TextReading, lookups: Lookups) {
  const entity = reading.codeWord ? lookups.byWord.get(reading.codeWord) : undefined;
  const ancestry = entity ? (lookups.ancestries.get(entity.id) ?? null) : null;
  return entity && ancestry ? { entity, ancestry } : null;
}

/**
 * The cap locks of every message the batch may send (`takeSmsLocks` caps), from the readings and
 * lookups alone: a note's reply, a help text, START's answer, and for JA/NEI the member's answer
 * and the resident's reply (`decisionLocksOf`). More than is sent is harmless (a note sanitized to
 * nothing sends no reply); each later queueing takes these again, which the transaction holds.
 */
async function capsOfBatch(
  tx: Tx,
  readings: readonly Reading[],
  lookups: Lookups,
  notify: Map<number, NotifyMember[]>,
): Promise<Pick<QueueSmsInput, 'to' | 'scope'>[]> {
  const caps: Pick<QueueSmsInput, 'to' | 'scope'>[] = [];
  for (const reading of readings) {
    if (reading.kind === 'command') {
      const { command, sender } = reading;
      if (command.kind === 'start') caps.push({ to: sender, scope: NO_SCOPE });
      else if (command.kind === 'decide')
        caps.push(...(await decisionLocksOf(tx, { from: sender, code: command.code })));
      continue;
    }
    if (!reading.sender) continue;
    const destination = destinationOf(reading, lookups);
    if (!destination) caps.push({ to: reading.sender, scope: NO_SCOPE });
    else if (reading.rest) {
      const scope = scopeOfChain(destination.ancestry, lookups.scopeRows);
      caps.push({ to: reading.sender, scope });
      // A pending note's approval requests (and a budget notice) go to these members.
      for (const m of notify.get(destination.entity.id) ?? []) caps.push({ to: m.phone, scope });
    }
  }
  return caps;
}

/**
 * Routes messages whose rows the caller holds locked (status `received`), in id order and in the
 * caller's transaction, with the outcome one `processInboundSms` each would have had: a command is
 * carried out after everything before it is written (so JA can approve a note from the same batch
 * and STOP silences replies after it), the rest share one lookup, one insert of notes and their
 * events, one update of the messages and one decision of the replies under the caps, in message
 * order (so the caps fall on the same messages as one at a time).
 */
export async function routeMessages(
  tx: Tx,
  messages: readonly Message[],
  now: Date,
): Promise<Map<number, SmsOutcome>> {
  const readings = [...messages].sort((a, b) => a.id - b.id).map(read);
  const lookups = await lookUp(
    tx,
    readings.filter((r) => r.kind === 'text'),
    now,
  );
  const outcomes = new Map<number, SmsOutcome>();
  let steps: Step[] = [];

  // Where a note may be made: its members are asked to approve it in this transaction.
  const noted = readings.flatMap((r) => {
    const destination = r.kind === 'text' && r.sender && r.rest ? destinationOf(r, lookups) : null;
    return destination ? [{ entityId: destination.entity.id, ancestry: destination.ancestry }] : [];
  });
  const notify = await notifyMembersOf(tx, noted);
  // Every SMS lock the batch may take, before its first event (domain/sms/locks.ts: cap locks, the
  // code issuer's lock, then entity sequence rows): a flush records notes' events, and the replies
  // of later flushes and the commands between them would otherwise lock after those.
  await takeSmsLocks(tx, {
    caps: await capsOfBatch(tx, readings, lookups, notify),
    approvalCodes: noted.length > 0,
  });
  const limited = await overSenderCap(
    tx,
    readings.flatMap((r) => {
      if (r.kind !== 'text' || !r.sender || !r.rest) return [];
      const destination = destinationOf(r, lookups);
      if (!destination || senderStanding(lookups, r.sender, destination.ancestry).approved) return [];
      const { organization } = scopeOfChain(destination.ancestry, lookups.scopeRows);
      return [{ id: r.message.id, from: r.message.from, sender: r.sender, organization }];
    }),
    now,
  );

  const flush = async () => {
    const notes = steps.filter((s): s is NoteStep => 'note' in s);
    const made = await createSmsNotes(
      tx,
      notes.map((n) => n.note),
      now,
    );
    const noteOf = new Map(notes.map((n, i) => [n, made[i]]));
    const done: Finish[] = [];
    const replies: QueueSmsInput[] = [];
    for (const step of steps) {
      if (!('note' in step)) {
        done.push(step.finish);
        outcomes.set(step.finish.id, step.outcome);
        if (step.reply) replies.push(step.reply);
        continue;
      }
      const note = noteOf.get(step);
      const { id } = step.message;
      // Nothing to show once sanitized: the same outcome as no text.
      if (!note) {
        done.push({ id, status: 'empty_message', entityId: step.entity.id });
        outcomes.set(id, { status: 'empty_message' });
        continue;
      }
      const { approved } = step.note;
      done.push({ id, status: 'routed', entityId: step.entity.id, noteId: note.id });
      outcomes.set(id, { status: 'routed', noteId: note.id, entityId: step.entity.id, approved });
      // The sender hears where the note is shown, or that it waits for the board.
      const language = smsLanguageFor(step.sender);
      const where = whereShown(language, step.entity.name);
      const scope = scopeOfChain(step.ancestry, lookups.scopeRows);
      replies.push({
        key: `reply:${id}`,
        kind: approved ? 'reply_published' : 'reply_pending',
        to: step.sender,
        text: approved ? smsTexts(language).published(where) : smsTexts(language).pending(where),
        scope,
      });
      if (!approved) {
        const members = notify.get(step.entity.id) ?? [];
        const pending = { id: note.id, text: step.note.text };
        replies.push(...(await approvalRequests(tx, pending, step.entity, scope, members, now)));
      }
    }
    await finish(tx, done, now);
    await queueSmsBatch(tx, replies, now);
    steps = [];
  };

  for (const reading of readings) {
    const { message } = reading;
    const { id } = message;
    if (limited.has(id)) {
      steps.push({ finish: { id, status: 'sender_limit' }, outcome: { status: 'sender_limit' } });
      continue;
    }
    if (reading.kind === 'command') {
      await flush();
      const status = await handleSmsCommand(
        tx,
        { smsMessageId: id, from: reading.sender },
        reading.command,
        now,
      );
      await finish(tx, [{ id, status }], now);
      outcomes.set(id, { status });
      continue;
    }
    const { sender, codeWord, rest } = reading;
    const destination = destinationOf(reading, lookups);
    if (!destination) {
      steps.push({
        finish: { id, status: 'unknown_code_word' },
        outcome: { status: 'unknown_code_word' },
        // A short help text naming how to use the service (capped and STOP-able like every reply).
        reply: sender
          ? {
              key: `reply:${id}`,
              kind: 'reply_help',
              to: sender,
              text: smsTexts(smsLanguageFor(sender)).help(codeWord.slice(0, 30)),
              scope: NO_SCOPE,
            }
          : undefined,
      });
      continue;
    }
    const { entity, ancestry } = destination;
    if (!sender) {
      steps.push({
        finish: { id, status: 'invalid_sender', entityId: entity.id },
        outcome: { status: 'invalid_sender' },
      });
    } else if (!rest) {
      steps.push({
        finish: { id, status: 'empty_message', entityId: entity.id },
        outcome: { status: 'empty_message' },
      });
    } else {
      const { approved, ownerId } = senderStanding(lookups, sender, ancestry);
      steps.push({
        message,
        sender,
        entity,
        ancestry,
        note: { entityId: entity.id, smsMessageId: id, text: rest, ownerId, approved },
      });
    }
  }
  await flush();
  return outcomes;
}
