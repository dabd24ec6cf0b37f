import type { WorkerContext } from './processors/index';
import { syncPollingSchedulers } from './processors/polling.register';
import { sweepInboundSms } from './processors/sms.processor';

export interface BackgroundOptions {
  /** How often unrouted inbound SMS are swept from PostgreSQL (default 15 s). */
  smsSweepMs?: number;
  /** Only messages at least this old are swept, giving their queued job the first go (default 10 s). */
  smsSweepMinAgeMs?: number;
  /** How often polling schedulers are reconciled with the database (default 60 s). */
  schedulerSyncMs?: number;
}

/**
 * Periodic work that must not depend on Redis being up or keeping its data: the inbound SMS
 * sweep reads PostgreSQL directly, and the polling schedulers are re-created from PostgreSQL.
 * Returns a stop function.
 */
export function startBackgroundTasks(ctx: WorkerContext, opts: BackgroundOptions = {}): () => Promise<void> {
  const { deps } = ctx;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const smsTimer = setInterval(() => {
    // One sweep at a time per process; a slow one delays the next instead of overlapping.
    running = running
      .then(() => (stopped ? 0 : sweepInboundSms(deps, opts.smsSweepMinAgeMs ?? 10_000)))
      .catch((err: Error) => deps.logger.warn({ err: err.message }, 'sms sweep failed'));
  }, opts.smsSweepMs ?? 15_000);
  const syncSchedulers = () => {
    running = running
      .then(() => (stopped ? undefined : syncPollingSchedulers(deps, ctx)))
      .catch((err: Error) => deps.logger.warn({ err: err.message }, 'polling scheduler sync failed'));
  };
  syncSchedulers();
  const schedulerTimer = setInterval(syncSchedulers, opts.schedulerSyncMs ?? 60_000);
  return async () => {
    stopped = true;
    clearInterval(smsTimer);
    clearInterval(schedulerTimer);
    await running;
  };
}
