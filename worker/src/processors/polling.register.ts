import type { AppDeps, ProcessorRegistry } from '@oppslag/api/core';
import type { Queue } from 'bullmq';
import { ensureDarkScreenScheduler } from './dark-screens';
import { ensureHistoryPruneScheduler, pruneExpiredHistory } from './history-prune';
import type { WorkerContext } from './index';
import { ensureSmsRetentionScheduler, expireOldSms } from './sms-retention';
import { pollTransit } from './transit.processor';
import { syncTransitSchedulers } from './transit.scheduler';
import { sweepWeather } from './weather.processor';

const WEATHER_SCHEDULER = 'weather-sweep';
/** Forecasts expire after about half an hour at MET; looking every 2 minutes catches each expiry. */
export const WEATHER_SWEEP_EVERY_MS = 2 * 60_000;

/** Creates the weather sweep's scheduler unless it exists (upserting would move its next run). */
async function ensureWeatherScheduler(queue: Queue): Promise<void> {
  const existing = await queue.getJobScheduler(WEATHER_SCHEDULER);
  if (existing && Number(existing.every) === WEATHER_SWEEP_EVERY_MS) return;
  await queue.upsertJobScheduler(
    WEATHER_SCHEDULER,
    { every: WEATHER_SWEEP_EVERY_MS },
    { name: 'sweep', data: {} },
  );
}

/**
 * Brings every polling scheduler in line with the database. Run at start, on stop changes and
 * every minute, so schedulers come back after Redis lost its data and follow deleted entities.
 */
export async function syncPollingSchedulers(deps: AppDeps, ctx: WorkerContext): Promise<void> {
  await syncTransitSchedulers(deps, ctx.queues.queue('transit'));
  await ensureWeatherScheduler(ctx.queues.queue('weather'));
  await ensureDarkScreenScheduler(ctx.queues.queue('notifications'));
  await ensureHistoryPruneScheduler(ctx.queues.queue('maintenance'));
  await ensureSmsRetentionScheduler(ctx.queues.queue('maintenance'));
}

/** Transit and weather polling: their jobs, and a side effect that follows stop changes at once. */
export function registerPollingProcessors(registry: ProcessorRegistry, ctx: WorkerContext): void {
  const { deps } = ctx;
  registry.register('transit', 'poll', ({ entityId }) => pollTransit(deps, entityId));
  registry.register('weather', 'sweep', () => sweepWeather(deps));
  registry.register('maintenance', 'historyPrune', () => pruneExpiredHistory(deps));
  registry.register('maintenance', 'smsRetention', () => expireOldSms(deps));
  registry.onEvent('transit-schedule', ['transitStop.changed', 'entity.deleted'], async (event) => {
    await syncTransitSchedulers(deps, ctx.queues.queue('transit'));
    // A newly added stop shows departures right away instead of after the first interval.
    if (event.type === 'transitStop.changed' && event.entityId)
      await ctx.queues
        .queue('transit')
        .add('poll', { entityId: event.entityId }, { jobId: `transit-now-${event.id}` });
  });
}
