import pg from 'pg';
import { waitFor } from './sms-pipeline';

/** Pids of this database's sessions waiting for an advisory lock. */
export async function advisoryWaiters(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query(
    `select pid from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
  );
  return rows.map((r: { pid: number }) => r.pid);
}

/** Takes an entity's next sequence number, as recording an event on it does (its row lock). */
export const takeSequenceRow = (client: pg.Client, entityId: number) =>
  client.query(
    `insert into entity_sequences (entity_id, seq) values ($1, 1)
     on conflict (entity_id) do update set seq = entity_sequences.seq + excluded.seq`,
    [entityId],
  );

/**
 * Plays the other transaction of a lock-order test in a second session: holds the advisory lock
 * `first`, starts `run`, and once `run` waits for that lock goes on with `then` (which must not
 * wait for `run`: before a lock-order rule it did, and PostgreSQL failed one of the two after a
 * second) and commits. Returns what `run` resolves to.
 */
export async function whileHolding<T>(
  url: string,
  first: string,
  then: (holder: pg.Client) => Promise<unknown>,
  run: () => Promise<T>,
): Promise<T> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  let running: Promise<T> | null = null;
  try {
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(hashtext($1))', [first]);
    running = run();
    await waitFor(async () => (await advisoryWaiters(holder)).length > 0);
    await then(holder);
    await holder.query('commit');
  } finally {
    await holder.query('rollback').catch(() => undefined);
    await holder.end();
  }
  return running;
}
