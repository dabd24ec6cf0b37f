import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import type { AppDeps } from '../../deps';
import { createDeps } from '../../infra';
import { createLogger } from '../../lib/logger';
import { createUser } from '../../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/harness';

/**
 * Sign-in with Redis unreachable: the API keeps answering and brute-force protection falls back to
 * a per-process limiter instead of letting guesses through.
 */
describe('sign-in while Redis is down', () => {
  let db: TestDatabase;
  let deps: AppDeps;
  let server: Server;
  let url: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'oppslag-test-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: dataDir,
      REDIS_URL: 'redis://127.0.0.1:1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: 'test',
    });
    // Port 1 refuses connections: the client never becomes ready.
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    deps = await createDeps(config, {
      database: db.database,
      redis,
      logger: createLogger('silent'),
      migrate: true,
    });
    server = await new Promise((resolve) => {
      const s = createApp(deps).listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await createUser(deps, { email: 'kari@example.com', password: 'kari-password' });
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    deps.redis.disconnect();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (password: string) => {
    const res = await fetch(`${url}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kari@example.com', password }),
    });
    return res.status;
  };

  it('signs in, and still blocks repeated wrong passwords', async () => {
    expect(await login('kari-password')).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await login(`guess-${i}`));
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  });
});
