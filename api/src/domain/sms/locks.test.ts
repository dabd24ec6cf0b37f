import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { type SmsCap, smsLockKeys, takeSmsLocks } from './locks';

/**
 * The lock order of the SMS domain (locks.ts) on real PostgreSQL sessions. Two transactions need
 * overlapping cap locks and list them in opposite orders (as two routing batches do when their
 * senders and replies differ); a third session holds the lock in the middle, so each has taken what
 * it can before either goes on. With one order they queue behind each other and both commit; with
 * the callers' orders each would hold a lock the other waits for, and PostgreSQL would fail one of
 * them as a deadlock after a second.
 */
describe('takeSmsLocks', () => {
  let test: TestDatabase;
  let holder: pg.Client;
  /** Reads pg_stat_activity outside any transaction (inside one it is a snapshot taken once). */
  let watcher: pg.Client;

  beforeAll(async () => {
    test = await createTestDatabase('pg');
    holder = new pg.Client({ connectionString: test.url });
    watcher = new pg.Client({ connectionString: test.url });
    await Promise.all([holder.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await Promise.all([holder.end(), watcher.end()]);
    await test.drop();
  });

  const cap = (to: string): SmsCap => ({ to, scope: { organization: { id: 7 } } });
  const [a, b, c] = ['+4790000001', '+4790000002', '+4790000003'];

  /** Sessions of this database waiting for an advisory lock. */
  const advisoryWaiters = async () =>
    (
      await watcher.query(
        `select pid from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
      )
    ).rowCount ?? 0;
  async function waitForWaiters(n: number) {
    const until = Date.now() + 10_000;
    while ((await advisoryWaiters()) < n) {
      if (Date.now() > until) throw new Error(`never saw ${n} sessions waiting for an advisory lock`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** A transaction as the SMS domain writes one: its SMS locks, then an event's sequence row. */
  const smsTransaction = (caps: SmsCap[]) =>
    test.database.db.transaction(async (tx) => {
      await takeSmsLocks(tx, { caps, approvalCodes: true });
      await tx.execute(sql`insert into entity_sequences (entity_id, seq) values (1, 1)
        on conflict (entity_id) do update set seq = entity_sequences.seq + 1`);
      return 'committed';
    });

  it('lets two transactions with overlapping locks in opposite orders both commit', async () => {
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(hashtext($1))', [`sms-to:${b}`]);
    const first = smsTransaction([cap(a), cap(b), cap(c)]);
    await waitForWaiters(1);
    const second = smsTransaction([cap(c), cap(b), cap(a)]);
    await waitForWaiters(2);
    await holder.query('commit');
    expect(await Promise.allSettled([first, second])).toEqual([
      { status: 'fulfilled', value: 'committed' },
      { status: 'fulfilled', value: 'committed' },
    ]);
  });

  it('takes the cap locks (numbers, then organizations, each sorted) before the approval-code lock', () => {
    expect(
      smsLockKeys({
        caps: [
          cap(c),
          { to: a, scope: { organization: { id: 12 } } },
          cap(a),
          { to: b, scope: { organization: null } },
        ],
        approvalCodes: true,
      }),
    ).toEqual([`sms-to:${a}`, `sms-to:${b}`, `sms-to:${c}`, 'sms-org:7', 'sms-org:12', 'sms-approval-codes']);
  });
});
