import { type AssetCropJob } from '@oppslag/common';
import type { AppDeps } from '../deps';
/** How long a request waits for Redis to take a crop job before answering without it. */
export declare const ENQUEUE_TIMEOUT_MS = 2000;
/**
 * Queues the render of one crop version. The job id makes a repeated enqueue a no-op. When Redis
 * is down (BullMQ would wait for it indefinitely) the request still answers at once: the asset
 * stays `cropPending` and the worker's start-up sweep (requeuePendingCrops) queues it again.
 */
export declare function enqueueAssetCrop(deps: AppDeps, job: AssetCropJob): Promise<boolean>;
