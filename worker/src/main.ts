// The worker process: outbox relay plus every BullMQ processor, with /healthz and /readyz on PORT.
import { createServer } from 'node:http';
import { closeDeps, createDeps, createLogger, loadConfig, onShutdown, orExit } from '@oppslag/api/core';
import { healthRoutes, LISTEN_BACKLOG } from '@oppslag/api/http';
import Koa from 'koa';
import { startWorkerRuntime } from './runtime';

const config = orExit(loadConfig, 'worker');
const logger = createLogger(config.logLevel, 'worker');
const deps = await createDeps(config, { logger });
// The runtime's relay subscribes to deps.outbox, so a write made by this process (e.g. a note from
// an SMS) is relayed at once, and to the API processes' signal over Redis (`listen`).
const runtime = await startWorkerRuntime(deps, { listen: true });

const health = new Koa();
health.use(healthRoutes(deps).routes());
const server = createServer(health.callback()).listen(
  { port: config.port, host: config.bindHost, backlog: LISTEN_BACKLOG },
  () => logger.info({ port: config.port }, 'worker running'),
);

// Stop the relay, let active jobs finish (Worker.close waits for them), then close the connections.
onShutdown(logger, 'worker', async () => {
  server.close();
  await runtime.close();
  await closeDeps(deps);
});
