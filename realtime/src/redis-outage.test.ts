import { createWorld, events, PrivateRedis, type World } from '@oppslag/api/testing';
import { collect, startTestStack, type TestStack } from '@oppslag/stack/testing';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Redis outage during note writes', () => {
  let redis: PrivateRedis;
  let stack: TestStack;
  let w: World;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    stack = await startTestStack({ redisUrl: redis.url, worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    await redis?.restart();
    await stack?.close();
    await redis?.kill();
  });

  it('answers every write while Redis is down and delivers every event, once, after it is back', async () => {
    const display = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0), {
      reconnection: true,
    });
    const seen = collect(display, 'note.created');
    const WRITES = 60;

    await redis.kill();
    const answers = await Promise.all(
      Array.from({ length: WRITES }, (_, i) =>
        stack.request('POST', `/api/content/${w.entities.orgA.id}/note`, {
          token: w.users.owner.token,
          body: { text: `written during the outage ${i}`, date: new Date().toISOString(), approved: true },
        }),
      ),
    );
    // Every write answers (a write hanging on Redis fails this test by its timeout).
    expect(answers.map((a) => a.status)).toEqual(Array(WRITES).fill(201));
    const unsent = await stack.deps.database.db.select().from(events).where(isNull(events.sentAt));
    expect(unsent.length).toBe(WRITES);

    await redis.restart();
    const deadline = Date.now() + 20_000;
    while (new Set(seen.map((e) => e.id)).size < WRITES && Date.now() < deadline) await sleep(50);
    await sleep(300);
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(WRITES);
    expect(ids).toHaveLength(WRITES);
    const seqs = seen.map((e) => e.seq).sort((a, b) => a - b);
    expect(seqs[seqs.length - 1] - seqs[0]).toBe(WRITES - 1);
    expect(await stack.deps.database.db.select().from(events).where(isNull(events.sentAt))).toHaveLength(0);
    display.close();
  }, 60_000);
});
