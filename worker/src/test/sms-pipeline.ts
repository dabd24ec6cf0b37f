import { ProcessorRegistry, Queues } from '@oppslag/api/core';
import type { TestApi } from '@oppslag/api/testing';
import type { Worker } from 'bullmq';
import { type BackgroundOptions, startBackgroundTasks } from '../background';
import { registerProcessors } from '../processors/index';
import { OutboxRelay } from '../relay';

/**
 * The worker side of the outbox-started jobs for tests: the relay plus consumers of the `sms`,
 * `assets` and `effects` queues, registered through the real processor registry, wired to a test
 * API's dependencies (the relay subscribes to their commit signal, as in the worker runtime).
 */
export async function startSmsPipeline(api: TestApi, background: BackgroundOptions | false = false) {
  const { deps } = api;
  const queues = new Queues({
    redisUrl: deps.config.redisUrl,
    redisPrefix: deps.config.redisPrefix,
    logger: deps.logger,
  });
  await queues.ready(3000);
  const registry = registerProcessors(new ProcessorRegistry(), { deps, queues });
  const relay = new OutboxRelay({
    database: deps.database,
    queues,
    logger: deps.logger,
    effectsFor: (type) => registry.effectsFor(type),
    sweepMs: 200,
  });
  const unsubscribe = deps.outbox.subscribe(() => relay.notify());
  relay.start();
  const workers: Worker[] = (['sms', 'assets', 'effects'] as const).map((q) =>
    queues.worker(q, (job) => registry.dispatch(q, job)),
  );
  const stopBackground =
    background === false ? async () => undefined : startBackgroundTasks({ deps, queues }, background);
  return {
    queues,
    relay,
    workers,
    async close() {
      unsubscribe();
      await stopBackground();
      await relay.stop();
      await queues.close();
    },
  };
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
