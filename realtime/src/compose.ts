import { createServer, type Server } from 'node:http';
import Koa from 'koa';
import { createApp } from '../../api/src/app';
import type { AppDeps } from '../../api/src/deps';
import { serveWebApps, type WebMount } from '../../api/src/middleware/static-web';
import { healthRoutes } from '../../api/src/routes/system.routes';
import { startWorkerRuntime, type WorkerRuntime } from '../../worker/src/runtime';
import { type Realtime, startRealtime } from './server';

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
 * One http server carrying the chosen roles: the API (and web apps), the realtime gateway, and the
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
  // After a commit the API wakes the relay in this process; elsewhere the relay's sweep finds it.
  if (worker) deps.outbox = worker.relay;
  let app: Koa;
  if (opts.api) app = createApp(deps);
  else {
    app = new Koa();
    app.use(healthRoutes(deps).routes());
  }
  if (opts.web?.length) app.use(serveWebApps(opts.web));
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  const realtime = opts.realtime
    ? await startRealtime(deps, server, { syncIntervalMs: opts.syncIntervalMs })
    : null;

  let closing: Promise<void> | null = null;
  return {
    server,
    worker,
    realtime,
    close() {
      closing ??= (async () => {
        // Keep-alive clients would go on sending on their open connections: each answer from now
        // on closes its connection, so clients reconnect elsewhere and the server empties.
        server.on('request', (_req, res) => {
          if (!res.headersSent) res.setHeader('connection', 'close');
        });
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await realtime?.close();
        await worker?.close();
        server.closeIdleConnections();
        // Requests still running get a moment to finish before their sockets are cut.
        await Promise.race([stopped, new Promise((r) => setTimeout(r, 5000))]);
        server.closeAllConnections();
      })();
      return closing;
    },
  };
}
