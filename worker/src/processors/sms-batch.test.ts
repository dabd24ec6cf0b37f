import {
  autoApproveNumbers,
  createWorld,
  entities,
  events,
  notes,
  smsCapNotices,
  smsMessages,
  smsOutbound,
  startTestApi,
  type TestApi,
  type World,
} from '@oppslag/api/testing';
import { eq, inArray, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeInboundSms } from '../test/inbound-sms';
import { advisoryWaiters, takeSequenceRow, whileHolding } from '../test/lock-holder';
import { waitFor } from '../test/sms-pipeline';
import { processInboundSms, processInboundSmsBatch } from './sms.processor';

/**
 * Routing in batches (sms.processor.ts): one `sms/inbound` job routes its own message and the
 * others still waiting, in one transaction, each with the outcome it would have had alone; a
 * message that fails leaves the others routed; a worker killed mid-batch loses and doubles nothing.
 */
describe('SMS routing in batches', () => {
  let api: TestApi;
  let world: World;

  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    const db = api.deps.database.db;
    await db.update(entities).set({ codeWord: 'Skjerm' }).where(eq(entities.id, world.entities.displayA.id));
    await db.insert(autoApproveNumbers).values([
      { entityId: world.entities.orgA.id, number: '004791111111', description: 'Board' },
      { entityId: world.entities.orgA.id, number: '004791111112', description: 'Chatty' },
      { entityId: world.entities.orgA.id, number: '004791111113', description: 'Crash' },
    ]);
  });
  afterAll(async () => {
    await api.close();
  });

  const db = () => api.deps.database.db;
  /** Stored inbound messages, as the webhook leaves them for their jobs; ids in this order. */
  const stored = (...messages: [from: string, text: string][]) => storeInboundSms(db(), ...messages);
  const messages = async (ids: number[]) =>
    (await db().select().from(smsMessages).where(inArray(smsMessages.id, ids))).sort((a, b) => a.id - b.id);
  const replies = async (ids: number[]) =>
    new Map(
      (
        await db()
          .select()
          .from(smsOutbound)
          .where(
            inArray(
              smsOutbound.idempotencyKey,
              ids.map((id) => `reply:${id}`),
            ),
          )
      ).map((r) => [Number(r.idempotencyKey.slice('reply:'.length)), r]),
    );
  const notesOf = async (ids: number[]) => db().select().from(notes).where(inArray(notes.smsMessageId, ids));

  it('routes every waiting message in one job, each with the outcome it has alone', async () => {
    const ids = await stored(
      ['+4791111111', 'ORGA Publisert med en gang'],
      ['+4796000001', 'skjerm Venter på styret'],
      ['+4796000002', 'ukjent hei'],
      ['12', 'ORGA fra et nummer som ikke er et nummer'],
      ['+4791111111', '  ORGA  '],
      ['+4796000003', 'STOPP'],
      ['+4796000003', 'orga Etter STOPP'],
      ['+46701234567', 'ORGA From abroad'],
    );
    let notified = 0;
    const unsubscribe = api.deps.outbox.subscribe(() => notified++);
    try {
      // The job of the first message takes the rest with it.
      expect(await processInboundSms(api.deps, ids[0])).toMatchObject({ status: 'routed', approved: true });
    } finally {
      unsubscribe();
    }
    expect(notified).toBe(1);
    const rows = await messages(ids);
    expect(rows.map((r) => r.status)).toEqual([
      'routed',
      'routed',
      'unknown_code_word',
      'invalid_sender',
      'empty_message',
      'opted_out',
      'routed',
      'routed',
    ]);
    expect(rows.every((r) => r.processedAt instanceof Date)).toBe(true);
    const made = await notesOf(ids);
    expect(made).toHaveLength(4);
    const noteOf = (id: number) => made.find((n) => n.smsMessageId === id);
    expect(noteOf(ids[0])).toMatchObject({ entityId: world.entities.orgA.id, approved: true });
    expect(noteOf(ids[1])).toMatchObject({ entityId: world.entities.displayA.id, approved: false });
    expect(noteOf(ids[1])?.text).toBe('<p>Venter på styret</p>');
    for (const r of rows.filter((m) => m.noteId)) expect(noteOf(r.id)?.id).toBe(r.noteId);
    // One note.created event per note, numbered in sequence on its entity.
    const created = (await db().select().from(events).where(eq(events.type, 'note.created'))).filter((e) =>
      made.some((n) => n.id === (e.data as { id: number }).id),
    );
    expect(created).toHaveLength(4);
    const answers = await replies(ids);
    expect(answers.get(ids[0])).toMatchObject({ kind: 'reply_published', status: 'queued' });
    expect(answers.get(ids[1])).toMatchObject({ kind: 'reply_pending', status: 'queued' });
    expect(answers.get(ids[2])).toMatchObject({ kind: 'reply_help', status: 'queued', organizationId: null });
    expect(answers.has(ids[3])).toBe(false);
    expect(answers.has(ids[4])).toBe(false);
    expect(answers.has(ids[5])).toBe(false);
    // STOP earlier in the same batch silences the reply to the note after it.
    expect(answers.get(ids[6])).toMatchObject({ status: 'suppressed', reason: 'opted_out' });
    // Replies in the sender's language.
    expect(answers.get(ids[7])).toMatchObject({ kind: 'reply_pending', to: '0046701234567' });
    expect(answers.get(ids[7])?.text).toMatch(/^Thank you! Your message to the screens of Org A/);
    // The other messages' jobs find them routed and do nothing.
    for (const id of ids.slice(1))
      expect(await processInboundSms(api.deps, id)).toEqual({ status: 'already_processed' });
    expect(await notesOf(ids)).toHaveLength(4);
  });

  it('applies the daily reply limit within a batch in message order, telling the board once', async () => {
    const ids = await stored(
      ...Array.from({ length: 7 }, (_, i): [string, string] => ['+4791111112', `ORGA Melding ${i}`]),
    );
    await processInboundSms(api.deps, ids[0]);
    const answers = await replies(ids);
    expect(ids.map((id) => answers.get(id)?.status)).toEqual([
      'queued',
      'queued',
      'queued',
      'queued',
      'queued',
      'suppressed',
      'suppressed',
    ]);
    expect(answers.get(ids[6])).toMatchObject({ reason: 'daily_limit' });
    const notices = await db()
      .select()
      .from(smsCapNotices)
      .where(like(smsCapNotices.period, 'daily:004791111112:%'));
    expect(notices).toHaveLength(1);
  });

  it('routes the others when one message of the batch fails, and that one on its retry', async () => {
    // A message the database refuses (a note text the trigger rejects) fails on its own.
    await db().execute(`
      create or replace function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.text like '%GIFTIG%' then raise exception 'poisoned note'; end if;
        return new;
      end $$`);
    await db().execute(
      'create trigger refuse_poison before insert on notes for each row execute function refuse_poison()',
    );
    try {
      const ids = await stored(
        ['+4791111111', 'ORGA Før'],
        ['+4791111111', 'ORGA GIFTIG'],
        ['+4796000004', 'orga Etter'],
        ['+4796000005', 'ukjent etter'],
      );
      expect(await processInboundSms(api.deps, ids[0])).toMatchObject({ status: 'routed' });
      expect((await messages(ids)).map((r) => r.status)).toEqual([
        'routed',
        'received',
        'routed',
        'unknown_code_word',
      ]);
      // The poisoned message's own job fails (BullMQ retries it); nothing of it was written.
      await expect(processInboundSms(api.deps, ids[1])).rejects.toMatchObject({
        cause: expect.objectContaining({ message: 'poisoned note' }),
      });
      expect(await notesOf([ids[1]])).toEqual([]);
      expect((await replies([ids[1]])).size).toBe(0);
      await db().execute('drop trigger refuse_poison on notes');
      expect(await processInboundSms(api.deps, ids[1])).toMatchObject({ status: 'routed' });
      expect(await notesOf(ids)).toHaveLength(3);
      expect((await replies(ids)).size).toBe(4);
    } finally {
      await db().execute('drop trigger if exists refuse_poison on notes');
    }
  });

  it('loses and doubles nothing when the batch dies mid-way and every job runs again', async () => {
    expect(api.db.url).toBeTruthy();
    const ids = await stored(
      ['+4791111113', 'ORGA En'],
      ['+4796000006', 'orga To'],
      ['+4796000007', 'ukjent tre'],
      ['+4796000008', 'orga Fire'],
    );
    // Hold the lock on the last sender's replies, so the batch stops there with its notes written
    // (uncommitted); then its database session dies, as when the worker's process or network does.
    const holder = new pg.Client({ connectionString: api.db.url });
    await holder.connect();
    const waiting = () => advisoryWaiters(holder);
    let job: Promise<unknown> | null = null;
    try {
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(hashtext('sms-to:004796000008'))`);
      job = processInboundSms(api.deps, ids[0]).catch((err: Error) => err);
      const [batch] = await waitFor(async () => {
        const pids = await waiting();
        return pids.length ? pids : null;
      });
      await holder.query('select pg_terminate_backend($1)', [batch]);
      // Nothing of the batch was committed by then.
      await waitFor(async () => !(await waiting()).includes(batch));
      expect(await db().select().from(notes).where(eq(notes.smsMessageId, ids[3]))).toEqual([]);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    // The job routes its messages one by one after the failed batch (or fails, and BullMQ retries).
    await job;
    // Every message's job runs again (BullMQ's retry, the outbox redelivery), all at once.
    await Promise.all(ids.map((id) => processInboundSms(api.deps, id)));
    expect((await messages(ids)).map((r) => r.status)).toEqual([
      'routed',
      'routed',
      'unknown_code_word',
      'routed',
    ]);
    const made = await notesOf(ids);
    expect(made.map((n) => n.smsMessageId).sort()).toEqual([ids[0], ids[1], ids[3]].sort());
    const { rows } = (await db().execute(
      `select count(*)::int as n from sms_outbound where idempotency_key in (${ids.map((id) => `'reply:${id}'`).join(',')})`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(4);
  });

  it('takes the cap locks before it records its notes, so an approval request on the same organization never deadlocks with it', async () => {
    const [id] = await stored(['+4796000009', 'ORGA Venter på styret']);
    const orgId = world.entities.orgA.id;
    // As `sms-pending-notify` does for a note of orgA: the organization's cap lock first, then (its
    // sms.outboundQueued event) the sequence row of the note's entity. Routing waits for the cap
    // lock without having taken the row, so the second step does not wait.
    const job = await whileHolding(
      api.db.url as string,
      `sms-org:${orgId}`,
      (holder) => takeSequenceRow(holder, orgId),
      () => processInboundSms(api.deps, id),
    );
    expect(job).toMatchObject({ status: 'routed' });
  });

  it('routes every message of a job with several, in chunks of the batch size, each once', async () => {
    const ids = await stored(
      ['+4791111111', 'ORGA En'],
      ['+4791111111', 'ORGA To'],
      ['+4791111111', 'ORGA Tre'],
      ['+4791111111', 'ORGA Fire'],
      ['+4791111111', 'ORGA Fem'],
    );
    const deps = api.deps;
    // Two jobs at once sharing a message (a redelivered event beside the first job): batch size 2.
    const [first, second] = await Promise.all([
      processInboundSmsBatch(deps, ids.slice(0, 3), 2),
      processInboundSmsBatch(deps, ids.slice(2), 2),
    ]);
    for (const id of ids.slice(0, 3)) expect(first.has(id)).toBe(true);
    for (const id of ids.slice(2)) expect(second.has(id)).toBe(true);
    expect((await messages(ids)).map((m) => m.status)).toEqual(ids.map(() => 'routed'));
    expect(await notesOf(ids)).toHaveLength(5);
    expect((await replies(ids)).size).toBe(5);
    // Run again (BullMQ retry): nothing more.
    const again = await processInboundSmsBatch(deps, ids, 2);
    expect([...again.values()].every((o) => o.status === 'already_processed')).toBe(true);
    expect(await notesOf(ids)).toHaveLength(5);
  });
});
