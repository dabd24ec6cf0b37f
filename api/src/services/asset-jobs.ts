import { type AssetCropJob, assetCropJobId, assetCropJobSchema } from '@oppslag/common';
import { Queue } from 'bullmq';
import type { AppDeps } from '../deps';

/** Same key prefix as the worker's queues (worker/src/queues.ts bullPrefix). */
const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;

const queues = new WeakMap<AppDeps, Queue>();

/** The `assets` producer of this API instance, sharing the API's fail-fast Redis connection. */
function assetsQueue(deps: AppDeps): Queue {
  let queue = queues.get(deps);
  if (!queue) {
    queue = new Queue('assets', {
      connection: deps.redis,
      prefix: bullPrefix(deps.config.redisPrefix),
      defaultJobOptions: {
        attempts: 8,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
      },
    });
    queue.on('error', (err) => deps.logger.debug({ err: err.message }, 'assets queue error'));
    queues.set(deps, queue);
  }
  return queue;
}

/** How long a request waits for Redis to take a crop job before answering without it. */
export const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Queues the render of one crop version. The job id makes a repeated enqueue a no-op. When Redis
 * is down (BullMQ would wait for it indefinitely) the request still answers at once: the asset
 * stays `cropPending` and the worker's start-up sweep (requeuePendingCrops) queues it again.
 */
export async function enqueueAssetCrop(deps: AppDeps, job: AssetCropJob): Promise<boolean> {
  const data = assetCropJobSchema.parse(job);
  if (deps.redis.status !== 'ready') {
    deps.logger.warn({ ...data, redis: deps.redis.status }, 'Redis unavailable; asset crop left pending');
    return false;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      assetsQueue(deps).add('crop', data, { jobId: assetCropJobId(data) }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ENQUEUE_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, ...data }, 'could not queue asset crop');
    return false;
  } finally {
    clearTimeout(timer);
  }
}
