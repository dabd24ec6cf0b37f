import { messageOf } from '@oppslag/common/thrown.ts';
import type { Logger } from 'pino';

/** After this long a stop that is still waiting (a stuck job, a hung connection) is cut short. */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

let draining = false;

/** True once this process has begun stopping; `/readyz` then answers 503 so no new traffic comes. */
export function isDraining(): boolean {
  return draining;
}

/**
 * The one SIGTERM/SIGINT path of every server process: run `stop` once (stop accepting, finish
 * in-flight work, close connections), then exit 0. A stop that exceeds the timeout exits 1, so an
 * orchestrator never waits on a hung process longer than its own grace period.
 */
export function onShutdown(
  logger: Logger,
  role: string,
  stop: () => Promise<void>,
  opts: { timeoutMs?: number } = {},
): void {
  const timeoutMs = opts.timeoutMs ?? Number(process.env.SHUTDOWN_TIMEOUT_MS ?? SHUTDOWN_TIMEOUT_MS);
  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info({ signal }, `${role} stopping`);
    const started = Date.now();
    setTimeout(() => {
      logger.error({ timeoutMs }, `${role} did not stop in time; exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    stop().then(
      () => {
        logger.info({ ms: Date.now() - started }, `${role} stopped`);
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err: messageOf(err) }, `${role} stop failed`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
