import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimKeys } from '@oppslag/api/core';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@oppslag/api/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Running, ready, run } from './support/product';

/**
 * Two installations (two databases) pointed at one Redis with the same REDIS_PREFIX, as real API
 * processes: the second refuses to start and says which variable to set; with its own prefix it
 * runs beside the first. A claim left by an installation that went silent is taken over with
 * its keys removed, and the old installation, still running, stops rather than mix.
 */
// Five process starts on a shared 2-core machine: more than the e2e default of 120 s.
describe('one installation per Redis prefix', { timeout: 300_000 }, () => {
  const prefix = `oppslag-claim-${randomBytes(6).toString('hex')}`;
  const otherPrefix = `${prefix}-b`;
  const dbs: TestDatabase[] = [];
  const dirs: string[] = [];
  const procs: Running[] = [];
  let redis: Redis;
  const began = Date.now();

  const startApi = async (db: TestDatabase, redisPrefix: string) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oppslag-claim-'));
    dirs.push(dataDir);
    const env = {
      DATABASE_URL: db.url as string,
      DATA_DIR: dataDir,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
    process.stdout.write(`[claim] start api on ${redisPrefix} +${Date.now() - began} ms\n`);
    const proc = run('api/src/main.ts', env, await freePort());
    procs.push(proc);
    return proc;
  };

  beforeAll(async () => {
    dbs.push(await createTestDatabase('pg'), await createTestDatabase('pg'));
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    for (const p of [prefix, otherPrefix]) await clearRedisPrefix(redis, p).catch(() => undefined);
    redis?.disconnect();
    await Promise.all(dbs.map((db) => db.drop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('the second installation refuses the taken prefix, runs on its own, and a silent claim is taken over', async () => {
    const [one, two] = dbs;
    const first = await startApi(one, prefix);
    await ready(first);
    const keys = claimKeys(prefix);
    const firstId = await redis.get(keys.owner);
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await redis.pttl(keys.alive)).toBeGreaterThan(0);

    // A second process of the same installation shares the claim.
    const sibling = await startApi(one, prefix);
    await ready(sibling);
    sibling.child.kill('SIGTERM');
    expect(await sibling.exited).toBe(0);

    const refused = await startApi(two, prefix);
    expect(await refused.exited).toBe(1);
    expect(refused.text()).toContain(
      `REDIS_PREFIX "${prefix}" is in use by another Oppslag installation (${firstId}`,
    );
    expect(refused.text()).toContain('set REDIS_PREFIX to a value no other installation uses');
    expect(await redis.get(keys.owner)).toBe(firstId);

    // As the message says: with its own prefix it runs beside the first.
    const beside = await startApi(two, otherPrefix);
    await ready(beside);
    const secondId = await redis.get(claimKeys(otherPrefix).owner);
    expect(secondId).not.toBe(firstId);
    beside.child.kill('SIGTERM');
    expect(await beside.exited).toBe(0);

    // The first installation goes silent (frozen with SIGSTOP; its heartbeat key lapses, which the
    // test hastens): the second may take the prefix, and the first one's keys go with it.
    await redis.set(`${prefix}:transit:1`, 'first installation departures');
    first.child.kill('SIGSTOP');
    await redis.del(keys.alive);
    const takeover = await startApi(two, prefix);
    await ready(takeover);
    expect(await redis.get(keys.owner)).toBe(secondId);
    expect(await redis.exists(`${prefix}:transit:1`)).toBe(0);
    // The first one, running again, finds the claim gone at its next heartbeat and stops.
    first.child.kill('SIGCONT');
    expect(await first.exited).toBe(1);
    // Logged as JSON by the process's logger: the code and the new owner are named.
    expect(first.text()).toContain('"code":"redis_prefix_taken"');
    expect(first.text()).toContain(`another Oppslag installation (${secondId}`);
  });
});
