import { join } from 'node:path';
import { loadPasswordLists } from '@oppslag/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, runMigrations } from './db/client';
import type { AppDeps } from './deps';
import { lockDataDir, releaseDataDir } from './lib/data-dir-lock';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { createOutboxSignal } from './lib/outbox-signal';
import { holdRedisPrefix, releaseRedisPrefix } from './lib/redis-claim';
import { createStorage } from './lib/storage';
import { TokenService } from './lib/tokens';

/** The API's fail-fast Redis connection (no offline queue: a command while Redis is down fails at once). */
export function openRedis(config: Config, logger: Logger): Redis {
  const redis = new Redis(config.redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  return redis;
}

/**
 * Opens PostgreSQL (or PGlite under DATA_DIR) and Redis and wires the dependencies. With PostgreSQL,
 * migrations run only when asked (`migrate: true`): in the migrate step of a deployment and in the
 * start script, never in every replica, so replicas cannot race on a schema change.
 */
export async function createDeps(
  config: Config,
  overrides: Partial<AppDeps> & { logger?: Logger; migrate?: boolean } = {},
): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(config.logLevel, 'api');
  // Every password check the server makes has zxcvbn's common-password lists (common-passwords.ts).
  await loadPasswordLists();
  // PGlite under DATA_DIR: this process alone may open it (throws DataDirLockedError otherwise).
  if (!overrides.database && !config.databaseUrl) lockDataDir(config.dataDir, logger.bindings().name);
  const database =
    overrides.database ??
    (await openDatabase({ url: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') }));
  // Embedded PGlite is one process by construction (the data directory lock), so it migrates itself.
  if (overrides.migrate ?? !config.databaseUrl) await runMigrations(database);
  const redis = overrides.redis ?? openRedis(config, logger);
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
    outbox: overrides.outbox ?? createOutboxSignal(),
    storage: overrides.storage ?? createStorage(config.assetStorage, config.dataDir, database),
  };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  releaseRedisPrefix(deps.redis);
  deps.redis.disconnect();
  await deps.database.close();
  releaseDataDir(deps.config.dataDir);
}
