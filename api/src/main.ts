// The API process (separate-process mode): REST under /api plus the built web apps. Commits are
// signalled to the worker's outbox relay over Redis; its sweep covers any lost signal.
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { loadConfig, orExit } from './config';
import { closeDeps, createDeps, openRedis } from './infra';
import { createClosableServer, LISTEN_BACKLOG } from './lib/http-server';
import { createLogger } from './lib/logger';
import { createOutboxSignal, redisOutboxPublisher } from './lib/outbox-signal';
import { onShutdown } from './lib/shutdown';
import { builtWebApps, serveWebApps } from './middleware/static-web';
import { installNotice } from './services/install.service';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = orExit(loadConfig, 'api');
const logger = createLogger(config.logLevel, 'api');
const redis = openRedis(config, logger);
const outbox = createOutboxSignal(redisOutboxPublisher(redis, config.redisPrefix));
const deps = await createDeps(config, { logger, redis, outbox });
// While uninstalled: the install token an install from another machine needs (not a log line:
// the operator reads it once, and it is useless once installed).
const notice = await installNotice(deps);
const app = createApp(deps);
const web = builtWebApps(root);
if (web.length) app.use(serveWebApps(web));
const http = createClosableServer(app.callback());
http.server.listen({ port: config.port, host: config.bindHost, backlog: LISTEN_BACKLOG }, () => {
  logger.info({ port: config.port }, 'api running');
  for (const line of notice) process.stdout.write(`[api] ${line}\n`);
});

// Stop accepting, let in-flight requests finish, then close PostgreSQL and Redis.
onShutdown(logger, 'api', async () => {
  await http.close();
  // QUIT, not a cut: a commit signal a finished request published still lands.
  await deps.redis.quit().catch(() => undefined);
  await closeDeps(deps);
});
