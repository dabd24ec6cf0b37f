import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, runMigrations } from './db/client';
import type { AppDeps, OutboxNotifier } from './deps';
import { lockDataDir, releaseDataDir } from './lib/data-dir-lock';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { holdRedisPrefix, releaseRedisPrefix } from './lib/redis-claim';
import { createStorage } from './lib/storage';
import { TokenService } from './lib/tokens';

/** Opens PostgreSQL (or PGlite under DATA_DIR) and Redis, runs migrations, and wires the API's dependencies. */
export async function createDeps(
  config: Config,
  overrides: Partial<AppDeps> & { logger?: Logger; outbox?: OutboxNotifier } = {},
): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(config.logLevel, 'api');
  // PGlite under DATA_DIR: this process alone may open it (throws DataDirLockedError otherwise).
  if (!overrides.database && !config.databaseUrl) lockDataDir(config.dataDir, logger.bindings().name);
  const database =
    overrides.database ??
    (await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') }));
  await runMigrations(database);
  const redis =
    overrides.redis ??
    new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  // One installation per REDIS_PREFIX (throws RedisPrefixTakenError when another one holds it).
  if (!overrides.database) await holdRedisPrefix(database, redis, config.redisPrefix, logger);
  const now = overrides.now ?? (() => new Date());
  return {
    config,
    database,
    redis,
    logger,
    now,
    tokens:
      overrides.tokens ??
      new TokenService(config.jwtSecret, config.jwtTtlSeconds, now, {
        keyId: config.jwtKeyId,
        previous: config.jwtPreviousSecrets,
      }),
    mailer:
      overrides.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    outbox: overrides.outbox ?? { notify: () => undefined },
    storage: overrides.storage ?? createStorage(config.assetStorage, config.dataDir, database),
  };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  releaseRedisPrefix(deps.redis);
  deps.redis.disconnect();
  await deps.database.close();
  releaseDataDir(deps.config.dataDir);
}
