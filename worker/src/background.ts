import type { WorkerContext } from './processors/index';
import { syncPollingSchedulers } from './processors/polling.register';
import { redeliverStalledJobs } from './processors/redeliver';

export interface BackgroundOptions {
  /** How often work whose job Redis lost is looked for (default 30 s). */
  redeliverEveryMs?: number;
  /** How long after its hand-over to Redis unfinished work counts as lost (default 2 min). */
  redeliverAfterMs?: number;
  /** How often polling schedulers are reconciled with the database (default 60 s). */
  schedulerSyncMs?: number;
}

/**
 * Periodic work that must not depend on Redis keeping its data: jobs Redis lost are recorded
 * again in the outbox (processors/redeliver.ts), and the polling schedulers are re-created from
 * PostgreSQL. Returns a stop function.
 */
export function startBackgroundTasks(ctx: WorkerContext, opts: BackgroundOptions = {}): () => Promise<void> {
  const { deps } = ctx;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const redeliverTimer = setInterval(() => {
    // One pass at a time per process; a slow one delays the next instead of overlapping.
    running = running
      .then(() => (stopped ? 0 : redeliverStalledJobs(deps, opts.redeliverAfterMs ?? 120_000)))
      .catch((err: Error) => deps.logger.warn({ err: err.message }, 'job redelivery failed'));
  }, opts.redeliverEveryMs ?? 30_000);
  const syncSchedulers = () => {
    running = running
      .then(() => (stopped ? undefined : syncPollingSchedulers(deps, ctx)))
      .catch((err: Error) => deps.logger.warn({ err: err.message }, 'polling scheduler sync failed'));
  };
  syncSchedulers();
  const schedulerTimer = setInterval(syncSchedulers, opts.schedulerSyncMs ?? 60_000);
  return async () => {
    stopped = true;
    clearInterval(redeliverTimer);
    clearInterval(schedulerTimer);
    await running;
  };
}
