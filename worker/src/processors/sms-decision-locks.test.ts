import { deleteNote, issueApprovalCode, unitOfWork, updateNote } from '@oppslag/api/core';
import {
  createWorld,
  notes,
  smsMessages,
  smsOutbound,
  startTestApi,
  type TestApi,
  users,
  type World,
} from '@oppslag/api/testing';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeInboundSms } from '../test/inbound-sms';
import { takeSequenceRow, whileHolding } from '../test/lock-holder';
import { processInboundSms } from './sms.processor';

/**
 * The lock rule of `takeSmsLocks` (cap locks before any entity sequence row) on the board's side: a
 * decision on an SMS note (approve in the console or by JA, unpublish, delete = reject) queues the
 * sender's reply, which takes the cap locks. An approval request being queued for the same
 * organization (`sms-pending-notify`) holds the organization's cap lock and then records its event
 * on an entity's sequence row. Before the rule the decision recorded the note's event first, and the
 * two deadlocked; PostgreSQL failed one of them after a second.
 */
describe('SMS note decisions take the cap locks before the note event', () => {
  let api: TestApi;
  let world: World;
  let seq = 0;

  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
  });
  afterAll(async () => {
    await api.close();
  });

  const db = () => api.deps.database.db;
  /** Five digits of a new running number: with a three-digit prefix, a valid 8-digit Norwegian number. */
  const digits = () => String(++seq).padStart(5, '0');

  /** A note from an unknown number to orgA's code word: stored, waiting for the board. */
  async function pendingNote() {
    const [message] = await storeInboundSms(db(), [`+47970${digits()}`, 'ORGA Venter på styret']);
    expect(await processInboundSms(api.deps, message)).toMatchObject({
      status: 'routed',
      approved: false,
    });
    const [note] = await db().select().from(notes).where(eq(notes.smsMessageId, message));
    return note;
  }

  /** The approval request's order: the organization's cap lock, then (its event) the note entity's sequence row. */
  const orgThenSequence = (entityId: number) =>
    [`sms-org:${world.entities.orgA.id}`, (holder: pg.Client) => takeSequenceRow(holder, entityId)] as const;
  /** Runs `decide` while a second session plays the approval request (`whileHolding`). */
  const whileApprovalRequestLocks = <T>(
    first: string,
    then: (holder: pg.Client) => Promise<unknown>,
    decide: () => Promise<T>,
  ) => whileHolding(api.db.url as string, first, then, decide);

  const reply = async (noteId: number, decision: string) =>
    (
      await db()
        .select()
        .from(smsOutbound)
        .where(eq(smsOutbound.idempotencyKey, `decision:${noteId}:${decision}`))
    )[0];

  const moderator = () => ({ id: world.users.moderator.id, admin: false });

  it('approving a note (updateNote) does not deadlock with an approval request', async () => {
    const note = await pendingNote();
    await whileApprovalRequestLocks(...orgThenSequence(note.entityId), () =>
      unitOfWork(api.deps, (tx) =>
        updateNote(tx, note.entityId, note.id, { approved: true }, moderator(), new Date()),
      ),
    );
    expect((await db().select().from(notes).where(eq(notes.id, note.id)))[0]?.approved).toBe(true);
    expect(await reply(note.id, 'approved')).toMatchObject({ kind: 'reply_approved', status: 'queued' });
  });

  it('deleting a waiting note (deleteNote = reject) does not deadlock with an approval request', async () => {
    const note = await pendingNote();
    await whileApprovalRequestLocks(...orgThenSequence(note.entityId), () =>
      unitOfWork(api.deps, (tx) => deleteNote(tx, note.entityId, note.id, moderator(), new Date())),
    );
    expect(await db().select().from(notes).where(eq(notes.id, note.id))).toEqual([]);
    expect(await reply(note.id, 'rejected')).toMatchObject({ kind: 'reply_rejected', status: 'queued' });
  });

  it.each([
    ['JA', 'approved'],
    ['NEI', 'rejected'],
  ] as const)(
    'a member’s %s by SMS takes both numbers’ cap locks before the organization’s',
    async (word, decision) => {
      const note = await pendingNote();
      const phone = `0047980${digits()}`;
      await db()
        .update(users)
        .set({ phoneVerifiedAt: new Date(), phoneNumber: phone })
        .where(eq(users.id, world.users.moderator.id));
      const code = await unitOfWork(api.deps, (tx) =>
        issueApprovalCode(tx, { noteId: note.id, userId: world.users.moderator.id, phone }, new Date()),
      );
      const [answer] = await storeInboundSms(db(), [`+${phone.slice(2)}`, `${word} ${code}`]);
      // An approval request to the same member: the member's number first, then the organization
      // (numbers before organizations, takeSmsLocks). Before the rule the answer held the organization
      // (from the resident's reply) and the note's sequence row while it waited for the member's number.
      await whileApprovalRequestLocks(
        `sms-to:${phone}`,
        (holder) =>
          holder.query(`select pg_advisory_xact_lock(hashtext('sms-org:${world.entities.orgA.id}'))`),
        () => processInboundSms(api.deps, answer),
      );
      expect(await reply(note.id, decision)).toMatchObject({ kind: `reply_${decision}`, status: 'queued' });
      const [confirmation] = await db()
        .select()
        .from(smsOutbound)
        .where(eq(smsOutbound.idempotencyKey, `reply:${answer}`));
      expect(confirmation).toMatchObject({ kind: 'code_answer', to: phone, status: 'queued' });
    },
  );

  it('a batch takes a later JA’s locks before its first note’s event (one transaction, no fallback)', async () => {
    const pending = await pendingNote();
    const phone = `0047990${digits()}`;
    await db()
      .update(users)
      .set({ phoneVerifiedAt: new Date(), phoneNumber: phone })
      .where(eq(users.id, world.users.moderator.id));
    const code = await unitOfWork(api.deps, (tx) =>
      issueApprovalCode(tx, { noteId: pending.id, userId: world.users.moderator.id, phone }, new Date()),
    );
    // A resident's note, then the member's JA, routed together by the first one's job.
    const ids = await storeInboundSms(
      db(),
      [`+47971${digits()}`, 'ORGA Ny melding i samme bunke'],
      [`+${phone.slice(2)}`, `JA ${code}`],
    );
    const warn = vi.spyOn(api.deps.logger, 'warn');
    try {
      await whileApprovalRequestLocks(
        `sms-to:${phone}`,
        (holder) =>
          holder.query(`select pg_advisory_xact_lock(hashtext('sms-org:${world.entities.orgA.id}'))`),
        () => processInboundSms(api.deps, ids[0]),
      );
      // Routed in the batch's own transaction: it never failed over to one message at a time.
      expect(warn.mock.calls.filter(([, msg]) => String(msg).includes('one by one'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
    expect((await db().select().from(smsMessages).where(eq(smsMessages.id, ids[1])))[0]?.status).toBe(
      'code_reply',
    );
    expect((await db().select().from(notes).where(eq(notes.id, pending.id)))[0]?.approved).toBe(true);
  });
});
