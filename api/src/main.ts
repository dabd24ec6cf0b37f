// The API process (separate-process mode): REST under /api plus the built web apps. Commits are
// signalled to the worker's outbox relay over Redis; its sweep covers any lost signal.
import { fileURLToPath } from 'node:url';
import { composeServer } from '../../realtime/src/compose';
import { loadConfig } from './config';
import { closeDeps, createDeps, openRedis } from './infra';
import { createLogger } from './lib/logger';
import { createOutboxSignal, redisOutboxPublisher } from './lib/outbox-signal';
import { onShutdown } from './lib/shutdown';
import { builtWebApps } from './middleware/static-web';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = loadConfig();
const logger = createLogger(config.logLevel, 'api');
const redis = openRedis(config, logger);
const outbox = createOutboxSignal(redisOutboxPublisher(redis, config.redisPrefix));
const deps = await createDeps(config, { logger, redis, outbox });
const composed = await composeServer(deps, { api: true, web: builtWebApps(root) });
composed.server.listen(config.port, () => logger.info({ port: config.port }, 'api running'));

// Stop accepting, let in-flight requests finish, then close PostgreSQL and Redis.
onShutdown(logger, 'api', async () => {
  await composed.close();
  // QUIT, not a cut: a commit signal a finished request published still lands.
  await deps.redis.quit().catch(() => undefined);
  await closeDeps(deps);
});
