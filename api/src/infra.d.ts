import type { Logger } from 'pino';
import type { Config } from './config';
import type { AppDeps, OutboxNotifier } from './deps';
/**
 * Opens PostgreSQL (or PGlite under DATA_DIR) and Redis and wires the dependencies. Migrations run
 * only when asked (`migrate: true`): in the migrate step of a deployment and in the single-process
 * start, never in every replica, so replicas cannot race on a schema change.
 */
export declare function createDeps(
  config: Config,
  overrides?: Partial<AppDeps> & {
    logger?: Logger;
    outbox?: OutboxNotifier;
    migrate?: boolean;
  },
): Promise<AppDeps>;
export declare function closeDeps(deps: AppDeps): Promise<void>;
