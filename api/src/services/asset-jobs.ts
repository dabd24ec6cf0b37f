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

/**
 * Queues the render of one crop version. The job id makes a repeated enqueue a no-op; when Redis
 * is down the request still succeeds, the asset stays `cropPending`, and the worker's start-up
 * sweep (renderPendingCrops) queues it again.
 */
export async function enqueueAssetCrop(deps: AppDeps, job: AssetCropJob): Promise<boolean> {
  const data = assetCropJobSchema.parse(job);
  try {
    await assetsQueue(deps).add('crop', data, { jobId: assetCropJobId(data) });
    return true;
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, ...data }, 'could not queue asset crop');
    return false;
  }
}

/** Closes this API instance's assets producer (the shared Redis connection stays open). */
export async function closeAssetJobs(deps: AppDeps): Promise<void> {
  const queue = queues.get(deps);
  queues.delete(deps);
  await queue?.close();
}
