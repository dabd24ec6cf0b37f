import type { QueueName } from '@oppslag/common';
import { Queue } from 'bullmq';
import type { AppDeps } from '../deps';
/**
 * The API instance's producer for one worker queue, created once per deps and sharing the API's
 * fail-fast Redis connection, under the worker's key prefix and job defaults so both sides see
 * the same jobs.
 */
export declare function producerQueue(deps: AppDeps, name: QueueName): Queue;
