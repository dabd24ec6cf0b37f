import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@oppslag/api/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createFrontProxy, RETRY_AFTER_S } from '../../scripts/proxy';
import { type Supervisor, superviseChildren } from '../../scripts/supervise';
import { waitFor } from './support/cluster';
import { freePort, root } from './support/product';

/**
 * Separate-process mode as `npm start` runs it with DATABASE_URL: the supervisor and the front
 * proxy from scripts/, a real API process behind them. A child killed with SIGKILL is logged and
 * started again; meanwhile the proxy answers 503 with Retry-After, not 502.
 */
const apiUrl = (port: number) => `http://127.0.0.1:${port}`;

describe('supervised multi-process start', () => {
  let db: TestDatabase;
  let supervisor: Supervisor | undefined;
  let proxy: Server | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'oppslag-supervise-'));
  const prefix = `oppslag-supervise-${randomBytes(6).toString('hex')}`;

  afterAll(async () => {
    await supervisor?.stop(30_000);
    proxy?.close();
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await clearRedisPrefix(redis, prefix).catch(() => undefined);
    redis.disconnect();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts a crashed child and answers 503 + Retry-After while it is down', async () => {
    db = await createTestDatabase('pg');
    const [apiPort, realtimePort, proxyPort] = [await freePort(), await freePort(), await freePort()];
    const said: string[] = [];
    const env = {
      ...process.env,
      DATABASE_URL: db.url as string,
      DATA_DIR: dataDir,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
    supervisor = superviseChildren([{ name: 'api', entry: 'api/src/main.ts', port: apiPort, env }], {
      cwd: root,
      say: (msg) => said.push(msg),
    });
    proxy = createFrontProxy({ api: apiPort, realtime: realtimePort, isDown: supervisor.isDown });
    await new Promise<void>((r) => proxy?.listen(proxyPort, '127.0.0.1', r));
    const base = `http://127.0.0.1:${proxyPort}`;
    let ready = false;
    const whenReady = supervisor.ready().then(() => {
      ready = true;
    });

    // While the first start is still coming up the proxy already answers 503, never 502, and the
    // supervisor does not call the children ready (`npm start` says "running" only then).
    const early = await fetch(`${base}/api/status`);
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe(String(RETRY_AFTER_S));
    expect((await early.json()).error.code).toBe('upstream_unavailable');
    expect(ready).toBe(false);
    // Ready means ready: the API answers through the proxy the moment the supervisor says so.
    await Promise.race([whenReady, new Promise((r) => setTimeout(r, 90_000))]);
    expect(ready).toBe(true);
    expect((await fetch(`${apiUrl(apiPort)}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/api/status`)).status).toBe(200);

    const pid = Number(said.find((m) => m.startsWith('api started'))?.match(/pid (\d+)/)?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await waitFor('the crash logged', () =>
      said.some((m) => m.includes(`api (pid ${pid}) exited (SIGKILL)`)),
    );
    const down = await fetch(`${base}/api/status`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe(String(RETRY_AFTER_S));

    // It comes back by itself, as a new process.
    await waitFor(
      'api back behind the proxy',
      async () => (await fetch(`${base}/api/status`)).status === 200,
      90_000,
    );
    const restarted = said.filter((m) => m.startsWith('api started'));
    expect(restarted).toHaveLength(2);
    expect(restarted[1]).not.toContain(`pid ${pid})`);
  });
});
