import type { QueueName } from '@oppslag/common';
import { type DefaultJobOptions, type Processor, Queue, Worker, type WorkerOptions } from 'bullmq';
import type { Logger } from 'pino';
/** BullMQ keys live under the deployment's Redis prefix, so tests and instances never share queues. */
export declare const bullPrefix: (redisPrefix: string) => string;
/**
 * Job defaults from BullMQ's production guide: retries with exponential backoff, and finished jobs
 * removed with bounds so Redis (which must not evict) never fills up. A completed job kept for a day
 * also makes a re-add with the same jobId a no-op, which is what makes the outbox relay safe to repeat.
 */
export declare const DEFAULT_JOB_OPTIONS: DefaultJobOptions;
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
export declare class Queues {
  private readonly opts;
  readonly prefix: string;
  private readonly producer;
  private readonly queues;
  private readonly workers;
  private readonly workerConnections;
  private depthTimer;
  constructor(opts: QueueFactoryOptions);
  /**
   * Whether the producer connection is up. Callers holding a database transaction check this first:
   * a queue whose connection never came up waits for it instead of failing.
   */
  get connected(): boolean;
  /** Waits (at most `timeoutMs`) for the producer connection; false when Redis did not answer in time. */
  ready(timeoutMs?: number): Promise<boolean>;
  /** The producer for a queue (created once per process). */
  queue(name: QueueName, defaultJobOptions?: DefaultJobOptions): Queue;
  /** A consumer for a queue; it starts at once unless `autorun: false`. */
  worker<D = unknown, R = unknown>(
    name: QueueName,
    processor: Processor<D, R>,
    options?: Omit<WorkerOptions, 'connection' | 'prefix'>,
  ): Worker<D, R>;
  /** Publishes job counts per queue and state every `everyMs` (stops with `close`). */
  trackDepth(names: readonly QueueName[], everyMs?: number): void;
  /** Warns when Redis may evict keys: BullMQ loses jobs silently under any policy but noeviction. */
  checkEvictionPolicy(): Promise<string | null>;
  /** Stops consumers first (letting in-flight jobs finish), then producers and connections. */
  close(): Promise<void>;
}
