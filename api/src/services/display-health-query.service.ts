import { UPTIME_BUCKET_MS, UPTIME_WINDOW_MS } from '@oppslag/common';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { displayHealth, displayHeartbeats, displayScreenshots, entities } from '../db/schema/index';
import { notFound } from '../errors';
import type { EntityRow } from '../presenters/entity.presenter';

export type HealthRow = typeof displayHealth.$inferSelect;
export type ScreenshotRow = typeof displayScreenshots.$inferSelect;

/** A live display, or 404 (health is a display's; any other entity has none). */
export async function loadDisplay(tx: Tx, id: number): Promise<EntityRow> {
  const [row] = await tx
    .select()
    .from(entities)
    .where(and(eq(entities.id, id), eq(entities.deleted, false), eq(entities.type, 'display')));
  if (!row) throw notFound('Display');
  return row;
}

export interface HealthRead {
  display: EntityRow;
  health: HealthRow | null;
  screenshot: ScreenshotRow | null;
  /** Share of the uptime window's buckets with a heartbeat; null before the first heartbeat. */
  uptime: number | null;
}

/** Everything `GET /api/entities/{id}/health` shows, but presence (which lives in Redis). */
export async function readHealth(tx: Tx, displayId: number, now: Date): Promise<HealthRead> {
  const display = await loadDisplay(tx, displayId);
  const [health] = await tx.select().from(displayHealth).where(eq(displayHealth.displayId, displayId));
  const [screenshot] = await tx
    .select()
    .from(displayScreenshots)
    .where(eq(displayScreenshots.displayId, displayId));
  return {
    display,
    health: health ?? null,
    screenshot: screenshot ?? null,
    uptime: health?.firstHeartbeatAt ? await uptimeOf(tx, displayId, health.firstHeartbeatAt, now) : null,
  };
}

/**
 * Uptime over the last 7 days, as buckets with a heartbeat over buckets in the window. A display
 * set up 2 days ago is measured over those 2 days, so a new screen does not start at 29 %. The
 * bucket running now counts only once it has a heartbeat: a minute into a new bucket, a screen that
 * is fine has not had to report in it yet.
 */
async function uptimeOf(tx: Tx, displayId: number, first: Date, now: Date): Promise<number> {
  const [row] = await tx
    .select(bucketCounts(now))
    .from(displayHeartbeats)
    .where(
      and(
        eq(displayHeartbeats.displayId, displayId),
        gte(displayHeartbeats.bucket, new Date(windowStart(now))),
      ),
    );
  return uptimeShare(row, first, now);
}

const floorBucket = (t: number) => Math.floor(t / UPTIME_BUCKET_MS) * UPTIME_BUCKET_MS;
/** The oldest bucket of the 7-day window. */
const windowStart = (now: Date) => floorBucket(now.getTime() - UPTIME_WINDOW_MS) + UPTIME_BUCKET_MS;

/** Buckets with a heartbeat in the window, and whether the running one is among them. */
const bucketCounts = (now: Date) => ({
  up: count(),
  current: sql<number>`count(*) filter (where ${displayHeartbeats.bucket} = ${new Date(floorBucket(now.getTime()))})`,
});

/** The share of judged buckets that were up: every finished bucket since the start, plus the running one if up. */
function uptimeShare(counts: { up: number; current: number } | undefined, first: Date, now: Date): number {
  const start = Math.max(windowStart(now), floorBucket(first.getTime()));
  const finished = Math.max(0, (floorBucket(now.getTime()) - start) / UPTIME_BUCKET_MS);
  const current = Number(counts?.current ?? 0) > 0 ? 1 : 0;
  const expected = finished + current;
  return expected === 0 ? 1 : Math.min(1, Number(counts?.up ?? 0) / expected);
}

/**
 * The health summary of every display that has reported (the admin displays table shows them all):
 * read without an id list, since naming some ten thousand ids was most of the request's CPU (query
 * building, docs/performance.md); rows of displays the caller does not list are simply not looked up.
 */
export async function readAllHealthSummaries(
  tx: Tx,
  now: Date,
): Promise<Map<number, { health: HealthRow; uptime: number | null }>> {
  const result = new Map<number, { health: HealthRow; uptime: number | null }>();
  const rows = await tx.select().from(displayHealth);
  if (rows.length === 0) return result;
  const counts = await tx
    .select({ displayId: displayHeartbeats.displayId, ...bucketCounts(now) })
    .from(displayHeartbeats)
    .where(gte(displayHeartbeats.bucket, new Date(windowStart(now))))
    .groupBy(displayHeartbeats.displayId);
  const up = new Map(counts.map((c) => [c.displayId, c]));
  for (const health of rows)
    result.set(health.displayId, {
      health,
      uptime: health.firstHeartbeatAt
        ? uptimeShare(up.get(health.displayId), health.firstHeartbeatAt, now)
        : null,
    });
  return result;
}
