import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { clearRedisPrefix, TEST_REDIS_URL } from '../test/harness';
import { baselineCeilings, capBaselines, entitySeqKey, relayedKey } from './display-versions.service';

/** A screen's baselines never run ahead of what the content poll may answer from its snapshot. */
describe('baseline ceilings', () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const prefix = `oppslag-versions-${randomBytes(6).toString('hex')}`;
  afterAll(async () => {
    await clearRedisPrefix(redis, prefix);
    redis.disconnect();
  });
  const baselines = [
    { entityId: 1, seq: 10 },
    { entityId: 2, seq: 7 },
    { entityId: 3, seq: 4 },
  ];

  it('sets no ceiling while the relay is not known to be live (the poll goes to PostgreSQL)', async () => {
    await redis.set(entitySeqKey(prefix, 1), '8');
    expect(await baselineCeilings(redis, prefix, [1, 2, 3])).toBeNull();
    expect(capBaselines(baselines, null)).toEqual(baselines);
  });

  it('caps each entity at its Redis number while the relay is live; one without a number keeps its own', async () => {
    await redis.set(relayedKey(prefix), '1', 'PX', 60_000);
    await redis.set(entitySeqKey(prefix, 2), '9');
    const ceilings = await baselineCeilings(redis, prefix, [1, 2, 3]);
    expect(ceilings).toEqual(
      new Map([
        [1, 8],
        [2, 9],
      ]),
    );
    expect(capBaselines(baselines, ceilings)).toEqual([
      { entityId: 1, seq: 8 },
      { entityId: 2, seq: 7 },
      { entityId: 3, seq: 4 },
    ]);
  });
});
