import { type AppDeps, expireSmsData } from '@oppslag/api/core';
import type { Queue } from 'bullmq';

const SCHEDULER = 'sms-retention';
/** Daily: SMS_RETENTION_DAYS is counted in days, so a row is blanked within a day of its limit. */
export const SMS_RETENTION_EVERY_MS = 24 * 3600_000;

/** Creates the daily scheduler unless it exists (upserting would move its next run). */
export async function ensureSmsRetentionScheduler(queue: Queue): Promise<void> {
  const existing = await queue.getJobScheduler(SCHEDULER);
  if (existing && Number(existing.every) === SMS_RETENTION_EVERY_MS) return;
  await queue.upsertJobScheduler(
    SCHEDULER,
    { every: SMS_RETENTION_EVERY_MS },
    { name: 'smsRetention', data: {} },
  );
}

/**
 * Blanks number and text of residents' SMS past `SMS_RETENTION_DAYS` (issue 28 item 9). Notes made
 * from them stay; only counts are logged, never a number.
 */
export async function expireOldSms(deps: AppDeps) {
  const gone = await expireSmsData(deps, deps.config.smsRetentionDays, deps.now());
  if (gone.inbound + gone.outbound + gone.codes > 0)
    deps.logger.info(gone, 'sms data past retention blanked');
  return gone;
}
