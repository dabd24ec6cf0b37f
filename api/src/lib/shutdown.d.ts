import type { Logger } from 'pino';
/** After this long a stop that is still waiting (a stuck job, a hung connection) is cut short. */
export declare const SHUTDOWN_TIMEOUT_MS = 30000;
/** True once this process has begun stopping; `/readyz` then answers 503 so no new traffic comes. */
export declare function isDraining(): boolean;
/**
 * The one SIGTERM/SIGINT path of every server process: run `stop` once (stop accepting, finish
 * in-flight work, close connections), then exit 0. A stop that exceeds the timeout exits 1, so an
 * orchestrator never waits on a hung process longer than its own grace period.
 */
export declare function onShutdown(
  logger: Logger,
  role: string,
  stop: () => Promise<void>,
  opts?: {
    timeoutMs?: number;
  },
): void;
