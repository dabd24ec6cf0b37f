// The API process (separate-process mode): REST under /api plus the built web apps. Commits are
// signalled to the worker's outbox relay over Redis; its sweep covers any lost signal.
import { fileURLToPath } from 'node:url';
import { composeServer } from '../../realtime/src/compose';
import { outboxPublisher } from '../../worker/src/outbox-signal';
import { loadConfig } from './config';
import { closeDeps, createDeps } from './infra';
import { createLogger } from './lib/logger';
import { builtWebApps } from './middleware/static-web';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = loadConfig();
const logger = createLogger(config.logLevel, 'api');
const deps = await createDeps(config, { logger });
deps.outbox = outboxPublisher(deps.redis, config.redisPrefix);
const composed = await composeServer(deps, { api: true, web: builtWebApps(root) });
composed.server.listen(config.port, () => logger.info({ port: config.port }, 'api running'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'api stopping');
  await composed.close();
  await closeDeps(deps);
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
