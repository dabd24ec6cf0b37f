import {
  autoApproveNumbers,
  createWorld,
  genericWebhook,
  PrivateRedis,
  startTestApi,
  type TestApi,
  type World,
} from '@oppslag/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsPipeline, waitFor } from '../test/sms-pipeline';

const SECRET = 'fault-test-webhook-secret';
const COUNT = 300;

/**
 * Redis dies while 300 signed SMS webhooks and 300 note writes arrive, and comes back empty
 * (no persistence): every request is answered, and once Redis is back every SMS becomes exactly one
 * note and every note write is there once, with every event relayed.
 */
describe('SMS and note writes while Redis is killed and restarted', () => {
  let redis: PrivateRedis;
  let api: TestApi;
  let world: World;
  let pipeline: Awaited<ReturnType<typeof startSmsPipeline>>;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    api = await startTestApi({ env: { REDIS_URL: redis.url, SMS_WEBHOOK_SECRET: SECRET } });
    world = await createWorld(api.deps);
    await api.deps.database.db
      .insert(autoApproveNumbers)
      .values({ entityId: world.entities.orgA.id, number: '004791111111', description: 'Fault test' });
    pipeline = await startSmsPipeline(api, {
      redeliverEveryMs: 300,
      redeliverAfterMs: 1000,
      schedulerSyncMs: 60_000,
    });
  }, 60_000);
  afterAll(async () => {
    await pipeline?.close();
    await api?.close().catch(() => undefined);
    await redis?.kill();
  });

  it('answers every request and loses or duplicates nothing', { timeout: 120_000 }, async () => {
    const token = world.users.moderator.token;
    const noteDate = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const tasks: (() => Promise<number>)[] = [];
    for (let i = 0; i < COUNT; i++) {
      const hook = genericWebhook(SECRET, {
        id: `fault-${i}`,
        from: '+4791111111',
        text: `ORGA fault sms ${i}`,
      });
      tasks.push(
        async () => (await api.request('POST', hook.path, { headers: hook.headers, raw: hook.body })).status,
      );
      tasks.push(
        async () =>
          (
            await api.request('POST', `/api/content/${world.entities.orgA.id}/note`, {
              token,
              body: { text: `<p>fault write ${i}</p>`, date: noteDate },
            })
          ).status,
      );
    }
    const statuses: number[] = [];
    let next = 0;
    let killed = false;
    let restarted = false;
    const lane = async () => {
      while (next < tasks.length) {
        const i = next++;
        // Kill Redis a sixth of the way in, bring it back (empty) two thirds in.
        if (i === Math.floor(tasks.length / 6) && !killed) {
          killed = true;
          await redis.kill();
        }
        if (i === Math.floor((tasks.length * 2) / 3) && !restarted) {
          restarted = true;
          await redis.restart();
        }
        statuses[i] = await tasks[i]();
      }
    };
    await Promise.all(Array.from({ length: 16 }, lane));
    expect(killed && restarted).toBe(true);
    const smsStatuses = statuses.filter((_, i) => i % 2 === 0);
    const noteStatuses = statuses.filter((_, i) => i % 2 === 1);
    expect(smsStatuses.filter((s) => s !== 200)).toEqual([]);
    expect(noteStatuses.filter((s) => s !== 201)).toEqual([]);

    const db = api.deps.database.db;
    const count = async (query: string) =>
      ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0].n;
    await waitFor(
      async () =>
        (await count(`select count(*)::int as n from sms_messages where status = 'routed'`)) === COUNT,
      60_000,
    );
    expect(await count(`select count(*)::int as n from sms_messages`)).toBe(COUNT);
    expect(await count(`select count(distinct text)::int as n from notes where source = 'sms'`)).toBe(COUNT);
    expect(await count(`select count(*)::int as n from notes where source = 'sms'`)).toBe(COUNT);
    expect(await count(`select count(*)::int as n from notes where source = 'sms' and approved`)).toBe(COUNT);
    expect(
      await count(`select count(distinct text)::int as n from notes where text like '<p>fault write %'`),
    ).toBe(COUNT);
    expect(await count(`select count(*)::int as n from notes where text like '<p>fault write %'`)).toBe(
      COUNT,
    );
    // Every note.created event reaches BullMQ once Redis is back.
    await waitFor(
      async () => (await count(`select count(*)::int as n from events where sent_at is null`)) === 0,
      60_000,
    );
    expect(await count(`select count(*)::int as n from events where type = 'note.created'`)).toBe(2 * COUNT);
  });
});
