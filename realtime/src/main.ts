// The realtime process: the Socket.IO gateway at /socket.io (and /healthz, /readyz) on PORT,
// consuming the `events` queue. Run as many as needed; the Redis adapter shares rooms.
import { closeDeps, createDeps, createLogger, loadConfig, onShutdown, orExit } from '@oppslag/api/core';
import { createClosableServer, healthRoutes, LISTEN_BACKLOG } from '@oppslag/api/http';
import Koa from 'koa';
import { startRealtime } from './server';

const config = orExit(loadConfig, 'realtime');
const logger = createLogger(config.logLevel, 'realtime');
const deps = await createDeps(config, { logger });
const health = new Koa();
health.use(healthRoutes(deps).routes());
const http = createClosableServer(health.callback());
const realtime = await startRealtime(deps, http.server);
http.server.listen({ port: config.port, host: config.bindHost, backlog: LISTEN_BACKLOG }, () =>
  logger.info({ port: config.port }, 'realtime running'),
);

// Stop consuming events, disconnect every socket (clients reconnect to another node), then close.
onShutdown(logger, 'realtime', async () => {
  await http.close(() => realtime.close());
  await closeDeps(deps);
});
