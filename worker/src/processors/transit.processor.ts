import { type AppDeps, listTransitStops, recordEvent, unitOfWork } from '@oppslag/api/core';
import { cacheKeys, type TransitDepartures } from '@oppslag/common';
import { messageOf } from '@oppslag/common/thrown.ts';
import { fetchDepartures, JourneyPlannerError } from './journey-planner';

/** Departures stay readable this long after the last successful poll (a display shows none after). */
export const TRANSIT_CACHE_TTL_SECONDS = 10 * 60;
/** Longest pause after repeated failures; a 429's Retry-After is honoured as given. */
const MAX_BACKOFF_SECONDS = 15 * 60;

export type TransitPollOutcome =
  | { status: 'updated'; stops: number }
  | { status: 'no_stops' | 'locked' | 'backing_off' }
  | { status: 'rate_limited' | 'failed'; backoffSeconds: number };

const keys = (prefix: string, entityId: number) => ({
  backoff: `${prefix}:transit-backoff:${entityId}`,
  failures: `${prefix}:transit-failures:${entityId}`,
  /**
   * Per minute and per set of stop rows: a stop added or re-added (a new row id) is polled at once
   * instead of waiting for the next minute's run (issue 12 item 11, ~85 s before).
   */
  lock: (minute: number, stopRows: readonly number[]) =>
    `${prefix}:transit-lock:${entityId}:${minute}:${stopRows.join('.')}`,
});

/**
 * One poll of Entur for an entity: a single batched JourneyPlanner query for all its stops, the
 * result cached in Redis and pushed as `transit.updated`. A Redis lock per entity and minute keeps
 * two workers (or a late and an early run) from polling the same entity twice in a minute; a 429
 * or an error sets a backoff key that later runs respect, and never throws, so the entity's job
 * scheduler keeps its rhythm.
 */
export async function pollTransit(deps: AppDeps, entityId: number): Promise<TransitPollOutcome> {
  const { redis, config } = deps;
  const now = deps.now();
  const k = keys(config.redisPrefix, entityId);
  if (await redis.exists(k.backoff)) return { status: 'backing_off' };
  const stops = await listTransitStops(deps.database.db, entityId);
  if (stops.length === 0) return { status: 'no_stops' };
  const minute = Math.floor(now.getTime() / 60_000);
  const lock = k.lock(
    minute,
    stops.map((s) => s.id),
  );
  if ((await redis.set(lock, '1', 'EX', 120, 'NX')) === null) return { status: 'locked' };

  let answers: Awaited<ReturnType<typeof fetchDepartures>>;
  try {
    answers = await fetchDepartures(
      { url: config.entur.journeyPlannerUrl, clientName: config.entur.clientName, now },
      stops.map((s) => s.stopId),
    );
  } catch (err) {
    if (err instanceof JourneyPlannerError && err.status === 429) {
      const seconds = Math.max(1, err.retryAfterSeconds ?? 60);
      await redis.set(k.backoff, '429', 'EX', seconds);
      deps.logger.warn({ entityId, seconds }, 'Entur rate limited transit polling');
      return { status: 'rate_limited', backoffSeconds: seconds };
    }
    const failures = await redis.incr(k.failures);
    await redis.expire(k.failures, 3600);
    const seconds = Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** (failures - 1));
    await redis.set(k.backoff, 'error', 'EX', seconds);
    deps.logger.warn({ entityId, seconds, err: messageOf(err) }, 'transit poll failed');
    return { status: 'failed', backoffSeconds: seconds };
  }
  await redis.del(k.failures);

  const result: TransitDepartures = {
    entityId,
    updatedAt: now.toISOString(),
    stops: stops.map((stop, i) => ({
      stopId: stop.stopId,
      label: stop.label,
      name: answers[i].name,
      departures: answers[i].departures,
    })),
  };
  await redis.set(
    cacheKeys.transit(config.redisPrefix, entityId),
    JSON.stringify(result),
    'EX',
    TRANSIT_CACHE_TTL_SECONDS,
  );
  await unitOfWork(deps, (tx) => recordEvent(tx, { type: 'transit.updated', entityId, data: result }));
  return { status: 'updated', stops: stops.length };
}
