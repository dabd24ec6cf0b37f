import { bullPrefix } from '@oppslag/api/core';
import { createWorld, genericWebhook, type World } from '@oppslag/api/testing';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, call, sleep, waitFor } from './support/cluster';

/**
 * SIGTERM during load loses nothing. Note writes (through the API), signed SMS webhooks (retried
 * with the same message id until accepted, as providers do) and the jobs they queue keep flowing
 * while the api and then the worker are stopped with SIGTERM and started again.
 */
describe('SIGTERM of the api and the worker during load', () => {
  let cluster: Cluster;
  let w: World;
  let sql: pg.Client;

  beforeAll(async () => {
    cluster = await Cluster.start();
    w = await createWorld(cluster.deps);
    sql = new pg.Client({ connectionString: cluster.db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await cluster?.close();
  });

  it('every 2xx write is stored, every accepted webhook makes one note, every event is relayed, no job is lost', async () => {
    const began = Date.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} +${Date.now() - began} ms`);
    // The database is migrated by Cluster.start, so the three can start side by side.
    let [api, worker] = await Promise.all([
      cluster.spawn('api'),
      cluster.spawn('worker'),
      cluster.spawn('realtime'),
    ]);
    const apiPort = api.port;

    let running = true;
    const written: number[] = [];
    const refusedWrites = { count: 0 };
    // Requests sent before the SIGTERM and answered 2xx after it: in flight while the api drained.
    const finishedDuringStop = { count: 0 };
    let stopSentAt = Number.POSITIVE_INFINITY;
    const writer = async (n: number) => {
      for (let i = 0; running; i++) {
        const sentAt = Date.now();
        const res = await call(
          `http://127.0.0.1:${apiPort}`,
          'POST',
          `/api/content/${w.entities.orgA.id}/note`,
          {
            token: w.users.owner.token,
            body: { text: `<p>load ${n}-${i}</p>`, date: new Date().toISOString(), approved: true },
          },
        ).catch(() => null);
        if (res && res.status >= 200 && res.status < 300) {
          written.push(res.body.id);
          if (sentAt < stopSentAt && Date.now() > stopSentAt) finishedDuringStop.count++;
          // Steady, not flat out: the machine also has to start processes meanwhile.
          await sleep(20);
        } else {
          refusedWrites.count++;
          await sleep(100);
        }
      }
    };
    const accepted: string[] = [];
    const webhookAttempts = { count: 0 };
    const webhooks = async () => {
      for (let i = 0; running; i++) {
        const id = `load-${String(i).padStart(4, '0')}`;
        // A provider retries until it gets a 2xx, with the same message id.
        for (;;) {
          webhookAttempts.count++;
          const hook = genericWebhook(cluster.config.sms.webhookSecret, {
            id,
            // A resident each: one number's flood stops at the sender cap (issue 27) and routes nothing.
            from: `+4791${String(i).padStart(6, '0')}`,
            text: `orga ${id}`,
          });
          const res = await call(`http://127.0.0.1:${apiPort}`, 'POST', hook.path, {
            headers: hook.headers,
            raw: hook.body,
          }).catch(() => null);
          if (res && res.status === 200) break;
          await sleep(100);
        }
        accepted.push(id);
      }
    };
    const load = Promise.all([writer(1), writer(2), webhooks()]);

    phase('started');
    await waitFor('load under way', () => written.length >= 20 && accepted.length >= 5, 30_000);
    // Both at once, mid-load: the api finishes its in-flight requests, the worker its active jobs.
    const t0 = Date.now();
    stopSentAt = t0;
    const [apiExit, workerExit] = await Promise.all([cluster.stop(api), cluster.stop(worker)]);
    const stopMs = Date.now() - t0;
    phase('stopped');
    const beforeRestart = { written: written.length, accepted: accepted.length };
    [api, worker] = await Promise.all([cluster.spawn('api', apiPort), cluster.spawn('worker')]);
    phase('restarted');
    await waitFor(
      'load after the restarts',
      () => written.length >= beforeRestart.written + 20 && accepted.length >= beforeRestart.accepted + 5,
      30_000,
    );
    running = false;
    await load;

    expect(apiExit).toBe(0);
    expect(workerExit).toBe(0);
    expect(written.length).toBeGreaterThan(beforeRestart.written);

    phase('load ended');
    // Every 2xx note write is in the database.
    const stored = await sql.query<{ id: number }>('select id from notes where id = any($1::int[])', [
      written,
    ]);
    expect(stored.rowCount).toBe(written.length);

    // Every accepted webhook is routed to exactly one note (the sweep covers a lost enqueue).
    await waitFor(
      'every accepted SMS routed',
      async () => {
        const r = await sql.query(
          "select count(*)::int as n from sms_messages where provider_message_id = any($1::text[]) and status = 'routed'",
          [accepted],
        );
        return r.rows[0].n === accepted.length;
      },
      60_000,
    );
    const perMessage = await sql.query<{ provider_message_id: string; notes: number }>(
      `select m.provider_message_id, count(n.id)::int as notes
         from sms_messages m left join notes n on n.sms_message_id = m.id
        group by m.provider_message_id`,
    );
    const notesPerWebhook = new Map(perMessage.rows.map((r) => [r.provider_message_id, r.notes]));
    for (const id of accepted) expect(notesPerWebhook.get(id), id).toBe(1);
    // Messages stored by an attempt whose answer was lost are still only ever one note each.
    expect(perMessage.rows.every((r) => r.notes === 1)).toBe(true);

    // Every event is relayed to the queue.
    await waitFor(
      'every event relayed',
      async () =>
        (await sql.query('select count(*)::int as n from events where sent_at is null')).rows[0].n === 0,
      60_000,
    );
    const events = (await sql.query('select count(*)::int as n from events')).rows[0].n as number;
    expect(events).toBeGreaterThanOrEqual(written.length + accepted.length);

    // No job lost or failed: every queue drains, none has a failed job, and each SMS job completed.
    const prefix = bullPrefix(cluster.config.redisPrefix);
    const queues = ['events', 'sms', 'effects'].map(
      (name) => new Queue(name, { connection: cluster.deps.redis, prefix }),
    );
    try {
      await waitFor(
        'queues drained',
        async () => {
          const counts = await Promise.all(
            queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
          );
          return counts.every((c) => Object.values(c).every((v) => v === 0));
        },
        60_000,
      );
      for (const q of queues) expect((await q.getJobCounts('failed')).failed, q.name).toBe(0);
      // Every stored SMS was in a completed routing job (one job per relay batch of sms.received).
      const routedByJobs = new Set(
        (await queues[1].getJobs(['completed']))
          .filter((job) => job.name === 'inbound')
          .flatMap((job) => (job.data as { smsMessageIds: number[] }).smsMessageIds),
      );
      const stored = (await sql.query('select id from sms_messages')).rows.map((r) => Number(r.id));
      expect(stored.length).toBeGreaterThanOrEqual(accepted.length);
      expect(stored.filter((id) => !routedByJobs.has(id))).toEqual([]);
      const relayed = await queues[0].getJobCounts('completed');
      expect(relayed.completed).toBe(events);
    } finally {
      await Promise.all(queues.map((q) => q.close()));
    }
    phase('drained');
    process.stdout.write(`[sigterm] phases: ${phases.join(', ')}\n`);
    process.stdout.write(
      `[sigterm] ${written.length} notes written (2xx, ${finishedDuringStop.count} of them answered while the api drained), ${refusedWrites.count} refused while the api restarted, ` +
        `${accepted.length} webhooks accepted in ${webhookAttempts.count} attempts, ${events} events relayed; api and worker stopped in ${stopMs} ms\n`,
    );
  });
});
