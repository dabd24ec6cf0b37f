import type { QueueName } from '@oppslag/common';
import { Queue } from 'bullmq';
import type { AppDeps } from '../deps';
import { bullPrefix, DEFAULT_JOB_OPTIONS } from '../queue/queues';

const queues = new WeakMap<AppDeps, Map<QueueName, Queue>>();

/**
 * The API instance's producer for one worker queue, created once per deps and sharing the API's
 * fail-fast Redis connection, under the worker's key prefix and job defaults so both sides see
 * the same jobs.
 */
export function producerQueue(deps: AppDeps, name: QueueName): Queue {
  let byName = queues.get(deps);
  if (!byName) {
    byName = new Map();
    queues.set(deps, byName);
  }
  let queue = byName.get(name);
  if (!queue) {
    queue = new Queue(name, {
      connection: deps.redis,
      prefix: bullPrefix(deps.config.redisPrefix),
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    queue.on('error', (err) => deps.logger.debug({ err: err.message }, `${name} queue error`));
    byName.set(name, queue);
  }
  return queue;
}
