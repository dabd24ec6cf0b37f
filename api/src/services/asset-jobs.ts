import { type AssetCropJob, assetCropJobId, assetCropJobSchema } from '@oppslag/common';
import type { AppDeps } from '../deps';
import { producerQueue } from './producer-queue';

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
      producerQueue(deps, 'assets').add('crop', data, { jobId: assetCropJobId(data) }),
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
