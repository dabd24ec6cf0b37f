import { type AppDeps, entitiesWithTransitStops } from '@oppslag/api/core';
import type { Queue } from 'bullmq';

const SCHEDULER_PREFIX = 'transit-';
/** About once a minute: 60–65 s per entity, so polls of many entities spread out over time. */
export function pollEveryMs(entityId: number): number {
  return 60_000 + ((entityId * 7919) % 5000);
}

/**
 * Makes BullMQ's job schedulers match the database: one `poll` scheduler per entity with stops,
 * none for entities without. Safe to run any time and from several workers; it is run when stops
 * change and periodically, which also restores schedulers after Redis lost its data.
 */
export async function syncTransitSchedulers(
  deps: AppDeps,
  queue: Queue,
): Promise<{ added: number[]; removed: string[] }> {
  const entityIds = await entitiesWithTransitStops(deps.database.db);
  const wanted = new Map(entityIds.map((id) => [`${SCHEDULER_PREFIX}${id}`, id]));
  const existing = await queue.getJobSchedulers(0, -1);
  const present = new Map(existing.map((s) => [s.key, Number(s.every)]));
  const added: number[] = [];
  for (const [key, entityId] of wanted) {
    const every = pollEveryMs(entityId);
    // Upserting an unchanged scheduler would move its next run; leave those alone.
    if (present.get(key) === every) continue;
    await queue.upsertJobScheduler(key, { every }, { name: 'poll', data: { entityId } });
    added.push(entityId);
  }
  const removed: string[] = [];
  for (const key of present.keys()) {
    if (key.startsWith(SCHEDULER_PREFIX) && !wanted.has(key)) {
      await queue.removeJobScheduler(key);
      removed.push(key);
    }
  }
  return { added, removed };
}
