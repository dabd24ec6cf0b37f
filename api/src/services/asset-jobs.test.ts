import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import { createLogger } from '../lib/logger';
import { enqueueAssetCrop } from './asset-jobs';

/** Just what enqueueAssetCrop reads, around a Redis client that can never connect. */
function depsWithDeadRedis(): { deps: AppDeps; redis: Redis } {
  const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  const deps = { redis, logger: createLogger('silent'), config: { redisPrefix: 'oppslag-test-dead' } };
  return { deps: deps as unknown as AppDeps, redis };
}

describe('enqueueAssetCrop', () => {
  // A hang fails this test by its timeout; how quickly it answers is not asserted (no timed checks).
  it('answers without queueing when Redis is down, so uploads never hang on it', async () => {
    const { deps, redis } = depsWithDeadRedis();
    try {
      expect(await enqueueAssetCrop(deps, { assetId: 1, cropVersion: 1 })).toBe(false);
    } finally {
      redis.disconnect();
    }
  });

  it('refuses a malformed job before touching Redis', async () => {
    const { deps, redis } = depsWithDeadRedis();
    try {
      await expect(enqueueAssetCrop(deps, { assetId: 0, cropVersion: 1 })).rejects.toThrow();
    } finally {
      redis.disconnect();
    }
  });
});
