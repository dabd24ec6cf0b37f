import type { Server } from 'node:http';
import type { AppDeps } from '@oppslag/api/core';
import {
  createApp,
  createClosableServer,
  healthRoutes,
  serveWebApps,
  type WebMount,
} from '@oppslag/api/http';
import { type Realtime, startRealtime } from '@oppslag/realtime';
import { startWorkerRuntime, type WorkerRuntime } from '@oppslag/worker';
import Koa from 'koa';

export interface ComposeOptions {
  api?: boolean;
  /** The outbox relay and the worker's processors; `'relay'` runs the relay alone. */
  worker?: boolean | 'relay';
  realtime?: boolean;
  /** Built web apps served next to the API (console at '', player at '/display'). */
  web?: WebMount[];
  /** Outbox sweep interval (tests shorten it). */
  sweepMs?: number;
  /** The gateway's periodic `sync` interval (tests shorten it). */
  syncIntervalMs?: number;
}

export interface Composed {
  server: Server;
  worker: WorkerRuntime | null;
  realtime: Realtime | null;
  /** Stops accepting, lets in-flight requests and jobs finish, closes sockets and queues (not deps). */
  close(): Promise<void>;
}

/**
 * The composition root of the single-process mode (and of the tests that run the whole back end):
 * one http server carrying the chosen roles: the API (and web apps), the realtime gateway, and the
 * worker with its outbox relay. Embedded mode runs all three on one database object (PGlite has
 * a single connection); with PostgreSQL each role runs in its own process through the same code.
 */
export async function composeServer(deps: AppDeps, opts: ComposeOptions): Promise<Composed> {
  const worker = opts.worker
    ? await startWorkerRuntime(deps, {
        sweepMs: opts.sweepMs,
        processors: opts.worker !== 'relay',
        background: opts.worker === 'relay' ? false : undefined,
      })
    : null;
  let app: Koa;
  if (opts.api) app = createApp(deps);
  else {
    app = new Koa();
    app.use(healthRoutes(deps).routes());
  }
  if (opts.web?.length) app.use(serveWebApps(opts.web));
  const http = createClosableServer(app.callback());
  const realtime = opts.realtime
    ? await startRealtime(deps, http.server, { syncIntervalMs: opts.syncIntervalMs })
    : null;

  return {
    server: http.server,
    worker,
    realtime,
    close: () =>
      http.close(async () => {
        await realtime?.close();
        await worker?.close();
      }),
  };
}
