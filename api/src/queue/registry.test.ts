import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { clearRedisPrefix, TEST_REDIS_URL } from '../test/harness';
import { Queues } from './queues';
import { ProcessorRegistry } from './registry';

const event = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'note.deleted' as const,
  entityId: 3,
  seq: 1,
  data: { id: 1 },
  actorId: null,
  createdAt: new Date().toISOString(),
  ...over,
});

describe('processor registry', () => {
  const prefix = `oppslag-test-${randomBytes(6).toString('hex')}`;
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await clearRedisPrefix(redis, prefix);
    redis.disconnect();
  });

  it('refuses to start the realtime role when the events job has no processor', () => {
    const registry = new ProcessorRegistry();
    expect(() => registry.assertComplete('realtime')).toThrow(/events\/event/);
    registry.register('events', 'event', async () => undefined);
    expect(() => registry.assertComplete('realtime')).not.toThrow();
  });

  it('refuses jobs missing from the catalogue and double registrations', () => {
    const registry = new ProcessorRegistry();
    expect(() => registry.register('events' as never, 'nope' as never, async () => undefined)).toThrow(
      /not in the job catalogue/,
    );
    registry.register('events', 'event', async () => undefined);
    expect(() => registry.register('events', 'event', async () => undefined)).toThrow(/already/);
    expect(() => registry.onEvent('bad name', ['note.created'], async () => undefined)).toThrow();
  });

  it('routes side effects by event type and runs each effect job through its handler', async () => {
    const seen: string[] = [];
    const registry = new ProcessorRegistry()
      .onEvent('pending-sms', ['note.created'], async (e) => {
        seen.push(`sms:${e.id}`);
      })
      .onEvent('audit', ['note.created', 'note.deleted'], async (e) => {
        seen.push(`audit:${e.id}`);
      });
    expect(registry.effectsFor('note.created')).toEqual(['pending-sms', 'audit']);
    expect(registry.effectsFor('note.deleted')).toEqual(['audit']);
    expect(registry.effectsFor('entity.updated')).toEqual([]);

    const queues = new Queues({
      redisUrl: TEST_REDIS_URL,
      redisPrefix: prefix,
      logger: createLogger('silent'),
    });
    await queues.ready();
    // Only the effects consumer: other queues' processors are not under test here.
    const worker = queues.worker('effects', (job) => registry.dispatch('effects', job));
    try {
      const e = event();
      await queues.queue('effects').add('effect', { handler: 'audit', event: e }, { jobId: `${e.id}_audit` });
      // A malformed payload fails without retries instead of looping.
      const bad = await queues
        .queue('effects')
        .add('effect', { handler: 'audit', event: { id: 'x' } }, { attempts: 5 });
      const deadline = Date.now() + 5000;
      while (!seen.includes(`audit:${e.id}`) || !(await bad.isFailed())) {
        if (Date.now() > deadline) throw new Error('effect job did not run');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await queues.queue('effects').getJob(bad.id as string))?.attemptsMade).toBe(1);
      expect(seen).toEqual([`audit:${e.id}`]);
    } finally {
      expect(worker.name).toBe('effects');
      await queues.close();
    }
  });
});
