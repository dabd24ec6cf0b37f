import { type AppDeps, EntityVersions, ProcessorRegistry, Queues, subscribeOutbox } from '@oppslag/api/core';
import type { Worker } from 'bullmq';
import { type BackgroundOptions, startBackgroundTasks } from './background';
import { registerProcessors } from './processors/index';
import { OutboxRelay } from './relay';

export interface WorkerRuntime {
  queues: Queues;
  registry: ProcessorRegistry;
  relay: OutboxRelay;
  workers: Worker[];
  /** Stops the relay, lets in-flight jobs finish, closes the queues' connections. */
  close(): Promise<void>;
}

/**
 * The worker role: the outbox relay plus a BullMQ consumer for every queue the worker owns. Used
 * by worker/src/main.ts on its own and by the embedded single process; the relay subscribes to
 * `deps.outbox`, so a commit in the same process triggers a pass at once.
 */
export async function startWorkerRuntime(
  deps: AppDeps,
  opts: {
    sweepMs?: number;
    relay?: boolean;
    processors?: boolean;
    background?: BackgroundOptions | false;
    /** Listen for commit signals from API processes elsewhere (separate-process mode). */
    listen?: boolean;
  } = {},
): Promise<WorkerRuntime> {
  const queues = new Queues({
    redisUrl: deps.config.redisUrl,
    redisPrefix: deps.config.redisPrefix,
    logger: deps.logger,
  });
  // Start-up does not wait for Redis longer than this: the relay and workers retry on their own.
  if (await queues.ready(3000)) await queues.checkEvictionPolicy();
  else deps.logger.warn('Redis is not reachable yet; queued work waits until it is');
  const registry = registerProcessors(new ProcessorRegistry(), { deps, queues });
  const relay = new OutboxRelay({
    database: deps.database,
    queues,
    logger: deps.logger,
    effectsFor: (type) => registry.effectsFor(type),
    sweepMs: opts.sweepMs,
    versions: new EntityVersions(deps.redis, deps.config.redisPrefix),
  });
  if (opts.relay !== false) relay.start();
  // Commits in this process (deps.outbox, set when the deps were built) wake the relay at once.
  const unsubscribeLocal = deps.outbox.subscribe(() => relay.notify());
  const unsubscribe = opts.listen
    ? subscribeOutbox(deps.config.redisUrl, deps.config.redisPrefix, relay, deps.logger)
    : null;
  // `start` refuses to run when a catalogued job has no processor.
  const workers = opts.processors === false ? [] : registry.start(queues, 'worker');
  if (opts.processors !== false) queues.trackDepth(registry.queuesFor('worker'));
  const stopBackground =
    opts.background === false
      ? async () => undefined
      : startBackgroundTasks({ deps, queues }, opts.background);
  return {
    queues,
    registry,
    relay,
    workers,
    async close() {
      unsubscribeLocal();
      unsubscribe?.();
      await stopBackground();
      await relay.stop();
      await queues.close();
    },
  };
}
