import { bullPrefix, type QueueName } from '@oppslag/common';
import { messageOf } from '@oppslag/common/thrown.ts';
import { type DefaultJobOptions, type Processor, Queue, Worker, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { jobDuration, queueDepth } from '../lib/metrics';

export { bullPrefix };

/**
 * Job defaults from BullMQ's production guide: retries with exponential backoff, and finished jobs
 * removed with bounds so Redis (which must not evict) never fills up. A completed job kept for a day
 * also makes a re-add with the same jobId a no-op, which is what makes the outbox relay safe to repeat.
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
};

export interface QueueFactoryOptions {
  redisUrl: string;
  redisPrefix: string;
  logger: Logger;
}

/**
 * Owns the Redis connections of one process's BullMQ producers and consumers: one shared producer
 * connection that fails fast when Redis is down (no offline queue, short command timeout) so a
 * caller such as the relay sees the error at once and retries later, and one connection per
 * worker with `maxRetriesPerRequest: null` as BullMQ requires for its blocking commands.
 */
export class Queues {
  readonly prefix: string;
  private readonly producer: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: Redis[] = [];
  private depthTimer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: QueueFactoryOptions) {
    this.prefix = bullPrefix(opts.redisPrefix);
    this.producer = new Redis(opts.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 5000,
      // Keep trying to come back; commands in the meantime fail immediately.
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.producer.on('error', (err) =>
      opts.logger.debug({ err: err.message }, 'bullmq producer redis error'),
    );
  }

  /**
   * Whether the producer connection is up. Callers holding a database transaction check this first:
   * a queue whose connection never came up waits for it instead of failing.
   */
  get connected(): boolean {
    return this.producer.status === 'ready';
  }

  /** Waits (at most `timeoutMs`) for the producer connection; false when Redis did not answer in time. */
  async ready(timeoutMs = 5000): Promise<boolean> {
    if (this.producer.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.producer.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.producer.on('ready', onReady);
    });
  }

  /** The producer for a queue (created once per process). */
  queue(name: QueueName, defaultJobOptions: DefaultJobOptions = DEFAULT_JOB_OPTIONS): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.producer,
        prefix: this.prefix,
        defaultJobOptions,
      });
      queue.on('error', (err) => this.opts.logger.debug({ err: err.message, queue: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** A consumer for a queue; it starts at once unless `autorun: false`. */
  worker<D = unknown, R = unknown>(
    name: QueueName,
    processor: Processor<D, R>,
    options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
  ): Worker<D, R> {
    const connection = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: false });
    connection.on('error', (err) =>
      this.opts.logger.debug({ err: err.message }, 'bullmq worker redis error'),
    );
    this.workerConnections.push(connection);
    const timed: Processor<D, R> = async (job, token, signal) => {
      const stop = jobDuration.startTimer({ queue: name });
      try {
        const result = await processor(job, token, signal);
        stop({ outcome: 'completed' });
        return result;
      } catch (err) {
        stop({ outcome: 'failed' });
        throw err;
      }
    };
    const worker = new Worker<D, R>(name, timed, {
      concurrency: 8,
      ...options,
      connection,
      prefix: this.prefix,
    });
    worker.on('error', (err) => this.opts.logger.warn({ err: err.message, queue: name }, 'worker error'));
    worker.on('failed', (job, err) =>
      this.opts.logger.warn(
        {
          queue: name,
          job: job?.name,
          jobId: job?.id,
          attempts: job?.attemptsMade,
          err: err.message,
          // Drizzle's "Failed query" hides PostgreSQL's reason (deadlock, lock timeout) in `cause`.
          cause: err.cause instanceof Error ? err.cause.message : undefined,
        },
        'job failed',
      ),
    );
    this.workers.push(worker as Worker);
    return worker;
  }

  /** Publishes job counts per queue and state every `everyMs` (stops with `close`). */
  trackDepth(names: readonly QueueName[], everyMs = 15_000): void {
    const measure = async () => {
      if (!this.connected) return;
      for (const name of names) {
        const counts = await this.queue(name)
          .getJobCounts('waiting', 'active', 'delayed', 'failed')
          .catch(() => null);
        for (const [state, n] of Object.entries(counts ?? {})) queueDepth.set({ queue: name, state }, n);
      }
    };
    this.depthTimer = setInterval(() => void measure(), everyMs);
    this.depthTimer.unref();
  }

  /** Warns when Redis may evict keys: BullMQ loses jobs silently under any policy but noeviction. */
  async checkEvictionPolicy(): Promise<string | null> {
    try {
      const info = await this.producer.info('memory');
      const policy = /maxmemory_policy:(\S+)/.exec(info)?.[1] ?? null;
      if (policy && policy !== 'noeviction') {
        this.opts.logger.warn(
          { policy },
          'Redis maxmemory-policy is not noeviction; queued jobs may be evicted',
        );
      }
      return policy;
    } catch (err) {
      this.opts.logger.warn({ err: messageOf(err) }, 'could not read Redis maxmemory-policy');
      return null;
    }
  }

  /** Stops consumers first (letting in-flight jobs finish), then producers and connections. */
  async close(): Promise<void> {
    if (this.depthTimer) clearInterval(this.depthTimer);
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    for (const c of this.workerConnections) c.disconnect();
    this.producer.disconnect();
  }
}
