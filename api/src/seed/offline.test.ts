import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { clearRedisPrefix, TEST_REDIS_URL } from '../test/harness';
import { decideOffline, forgetRemoteFailures } from './offline';

describe('offline demo', () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const prefix = `oppslag-offline-${randomBytes(6).toString('hex')}`;
  afterAll(async () => {
    await clearRedisPrefix(redis, prefix);
    await clearRedisPrefix(redis, `${prefix}x`);
    redis.disconnect();
  });

  it('forgets remembered Entur/MET failures and nothing else', async () => {
    const failures = [
      `${prefix}:weather-meta:7`,
      `${prefix}:transit-backoff:7`,
      `${prefix}:transit-failures:7`,
    ];
    const kept = [`${prefix}:transit:7`, `${prefix}:weather:7`, `${prefix}x:weather-meta:7`];
    for (const key of [...failures, ...kept]) await redis.set(key, '1');
    expect(await forgetRemoteFailures(redis, prefix)).toBe(3);
    for (const key of failures) expect(await redis.exists(key), key).toBe(0);
    for (const key of kept) expect(await redis.exists(key), key).toBe(1);
  });

  it('never replaces what was configured or asked for', async () => {
    expect(await decideOffline({ OFFLINE_DEMO: 'true', MET_URL: 'http://x' })).toMatchObject({ fakes: true });
    expect(await decideOffline({ OFFLINE_DEMO: 'false' })).toEqual({ fakes: false });
    expect(await decideOffline({ DEMO_DATA: 'false' })).toEqual({ fakes: false });
    expect(await decideOffline({ MET_URL: 'http://127.0.0.1:1/weather' })).toEqual({ fakes: false });
  });
});
