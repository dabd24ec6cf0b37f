import { type AppDeps, pruneHistory } from '@oppslag/api/core';
import type { Queue } from 'bullmq';

const SCHEDULER = 'history-prune';
/** Retention is counted in days; pruning every 6 hours keeps the table within a quarter day of it. */
export const HISTORY_PRUNE_EVERY_MS = 6 * 3600_000;

/** Creates the prune scheduler unless it exists (upserting would move its next run). */
export async function ensureHistoryPruneScheduler(queue: Queue): Promise<void> {
  const existing = await queue.getJobScheduler(SCHEDULER);
  if (existing && Number(existing.every) === HISTORY_PRUNE_EVERY_MS) return;
  await queue.upsertJobScheduler(
    SCHEDULER,
    { every: HISTORY_PRUNE_EVERY_MS },
    { name: 'historyPrune', data: {} },
  );
}

/** Deletes history past `HISTORY_RETENTION_DAYS` (issue 17: retention is a setting). */
export async function pruneExpiredHistory(deps: AppDeps): Promise<number> {
  const gone = await pruneHistory(deps.database.db, deps.config.historyRetentionDays, deps.now());
  if (gone > 0) deps.logger.info({ gone }, 'history pruned');
  return gone;
}
