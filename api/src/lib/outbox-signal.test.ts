import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_REDIS_URL } from '../test/harness';
import { createOutboxSignal, redisOutboxPublisher, subscribeOutbox } from './outbox-signal';

/**
 * The API's commit signal over real Redis to the worker's end (`subscribeOutbox`): commits made
 * while a publish is under way share one more publish, and the last commit of a burst is always
 * followed by a publish (the relay never sleeps on a committed event until its sweep).
 */
describe('redisOutboxPublisher', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(() => redis.quit());

  /** A publisher whose Redis publishes are recorded (with the commits counted when each was sent) and answered when released. */
  async function setup() {
    const prefix = `test-outbox-${randomBytes(6).toString('hex')}`;
    let received = 0;
    const unsubscribe = subscribeOutbox(
      TEST_REDIS_URL,
      prefix,
      { notify: () => received++ },
      pino({ level: 'silent' }),
    );
    // Subscribed once a publish on the channel reaches a subscriber.
    await vi.waitFor(async () => expect(await redis.publish(`${prefix}:outbox:committed`, 'probe')).toBe(1));
    await vi.waitFor(() => expect(received).toBeGreaterThan(0));
    received = 0;
    let commits = 0;
    const publishedAfter: number[] = [];
    let hold: Promise<void> | null = null;
    const gated = {
      publish: async (channel: string, message: string) => {
        publishedAfter.push(commits);
        if (hold) await hold;
        return redis.publish(channel, message);
      },
    } as unknown as Redis;
    const signal = createOutboxSignal(redisOutboxPublisher(gated, prefix));
    const commit = () => {
      commits++;
      signal.notify();
    };
    return {
      commit,
      publishedAfter,
      received: () => received,
      commits: () => commits,
      holdPublishes() {
        let release = () => {};
        hold = new Promise<void>((resolve) => {
          release = resolve;
        });
        return () => {
          hold = null;
          release();
        };
      },
      unsubscribe,
    };
  }

  const microtasks = async (n = 5) => {
    for (let i = 0; i < n; i++) await Promise.resolve();
  };

  it('publishes a lone commit at once, within its own tick (no timer)', async () => {
    const s = await setup();
    s.commit();
    await microtasks();
    expect(s.publishedAfter).toEqual([1]);
    await vi.waitFor(() => expect(s.received()).toBe(1));
    s.unsubscribe();
  });

  it('a burst of commits while a publish is under way makes one more publish, sent after the last commit', async () => {
    const s = await setup();
    const release = s.holdPublishes();
    s.commit();
    await microtasks();
    expect(s.publishedAfter).toEqual([1]);
    // Nine more commits, each in a later turn of the event loop, while the first publish is unanswered.
    for (let i = 0; i < 9; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      s.commit();
    }
    expect(s.publishedAfter).toEqual([1]);
    release();
    await vi.waitFor(() => expect(s.received()).toBe(2));
    // Fewer publishes than commits, and the last one sent after all ten commits.
    expect(s.publishedAfter).toEqual([1, 10]);
    // Once answered, a later lone commit is published at once again (each try is its own commit).
    await vi.waitFor(async () => {
      s.commit();
      await microtasks();
      expect(s.publishedAfter.at(-1)).toBe(s.commits());
    });
    expect(s.publishedAfter.length).toBe(3);
    await vi.waitFor(() => expect(s.received()).toBe(3));
    s.unsubscribe();
  });

  it('commits in the ticks of one round trip share publishes, and the last is always signalled', async () => {
    const s = await setup();
    const n = 40;
    for (let i = 0; i < n; i++) {
      s.commit();
      await microtasks(); // the publish is sent; its answer needs an I/O turn
    }
    await vi.waitFor(() => expect(s.received()).toBe(s.publishedAfter.length));
    expect(s.publishedAfter.length).toBeLessThan(n);
    expect(s.publishedAfter.at(-1)).toBe(n);
    s.unsubscribe();
  });
});
