import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { startTestApi, type TestApi } from '../test/harness';
import { healthRoutes } from './system.routes';

/**
 * /readyz answers 503 when a dependency is unreachable. The same router serves the worker and the
 * realtime processes, so this covers their probes too. The unreachable PostgreSQL and Redis are
 * real clients pointed at a port nobody listens on.
 */
describe('readiness with a dependency down', () => {
  let api: TestApi;
  let deadDatabase: Database;
  let deadRedis: Redis;
  let server: Server;
  let url: string;

  const serve = (overrides: Partial<Parameters<typeof healthRoutes>[0]>) => {
    const app = new Koa();
    app.use(healthRoutes({ ...api.deps, ...overrides }).routes());
    server.removeAllListeners('request');
    server.on('request', app.callback());
  };

  beforeAll(async () => {
    api = await startTestApi();
    deadDatabase = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 });
    deadRedis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    deadRedis.on('error', () => undefined);
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    deadRedis?.disconnect();
    await deadDatabase?.close().catch(() => undefined);
    await api?.close();
  });

  const readyz = async () => {
    const res = await fetch(`${url}/readyz`);
    return { status: res.status, body: await res.json() };
  };

  it('is 200 with both up, 503 naming the one that is down', async () => {
    serve({});
    expect(await readyz()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: true, redis: true } },
    });
    serve({ redis: deadRedis });
    expect(await readyz()).toEqual({
      status: 503,
      body: { status: 'not_ready', checks: { database: true, redis: false } },
    });
    serve({ database: deadDatabase });
    expect(await readyz()).toEqual({
      status: 503,
      body: { status: 'not_ready', checks: { database: false, redis: true } },
    });
    // Liveness does not depend on them: a restart would not bring PostgreSQL back.
    serve({ database: deadDatabase, redis: deadRedis });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await readyz()).status).toBe(503);
  });
});
