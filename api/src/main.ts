// The API process (separate-process mode): REST under /api plus the built web apps. Commits are
// signalled to the worker's outbox relay over Redis; its sweep covers any lost signal.
import { fileURLToPath } from 'node:url';
import { composeServer } from '../../realtime/src/compose';
import { outboxPublisher } from '../../worker/src/outbox-signal';
import { loadConfig } from './config';
import { closeDeps, createDeps } from './infra';
import { createLogger } from './lib/logger';
import { onShutdown } from './lib/shutdown';
import { builtWebApps } from './middleware/static-web';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = loadConfig();
const logger = createLogger(config.logLevel, 'api');
const deps = await createDeps(config, { logger });
deps.outbox = outboxPublisher(deps.redis, config.redisPrefix);
const composed = await composeServer(deps, { api: true, web: builtWebApps(root) });
composed.server.listen(config.port, () => logger.info({ port: config.port }, 'api running'));

// Stop accepting, let in-flight requests finish, then close PostgreSQL and Redis.
onShutdown(logger, 'api', async () => {
  await composed.close();
  // QUIT, not a cut: queue adds a finished request started (e.g. an inbound SMS job) still land.
  await deps.redis.quit().catch(() => undefined);
  await closeDeps(deps);
});
