import {
  type HeartbeatReport,
  type RenderedReport,
  SCREENSHOT_MAX_BYTES,
  type ScreenshotAck,
  UPTIME_BUCKET_MS,
} from '@oppslag/common';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { displayDeliveries, displayHealth, displayHeartbeats, displayScreenshots } from '../db/schema/index';
import { MIME_OF, sniffFile } from '../lib/file-sniff';
import { imageSize } from '../lib/image-size';
import { recordEvent } from './events.service';

/**
 * The writes of screen health and proof of delivery. The gateway calls them with what a display's
 * socket reported (already parsed against `schemas/display-health.ts`), the API with a console's
 * screenshot request. Reports are telemetry, not domain data: they record no event, except the
 * screenshot request, which travels to the screen as a `display.command` through the outbox.
 */

/** Heartbeat buckets older than this are pruned (the uptime window is 7 days). */
const KEEP_BUCKETS_MS = 8 * 24 * 3600_000;

const bucketOf = (now: Date) => new Date(Math.floor(now.getTime() / UPTIME_BUCKET_MS) * UPTIME_BUCKET_MS);

/** The display's socket connected (first of its sockets) or its last socket went away. */
export async function recordConnection(tx: Tx, displayId: number, online: boolean, now: Date): Promise<void> {
  await recordConnections(tx, [
    online ? { displayId, connectedAt: now } : { displayId, disconnectedAt: now },
  ]);
}

/** A display's connection times to store; a time left out keeps the stored one. */
export interface ConnectionTimes {
  displayId: number;
  connectedAt?: Date;
  disconnectedAt?: Date;
}

/**
 * Many displays' connection times in one statement (the gateway batches them: a reconnect storm is
 * thousands of connects a second, one upsert each was a database round trip per screen). A display
 * that is gone by now (deleted for good) is skipped rather than failing the batch.
 */
export async function recordConnections(tx: Tx, times: readonly ConnectionTimes[]): Promise<void> {
  if (times.length === 0) return;
  const ids = times.map((t) => t.displayId);
  const iso = (d: Date | undefined) => (d ? d.toISOString() : null);
  const connected = times.map((t) => iso(t.connectedAt));
  const disconnected = times.map((t) => iso(t.disconnectedAt));
  await tx.execute(sql`
    insert into display_health (display_id, connected_at, disconnected_at)
    select t.id, t.connected_at, t.disconnected_at
    from unnest(${sql.param(ids)}::int[], ${sql.param(connected)}::timestamptz[], ${sql.param(disconnected)}::timestamptz[])
      as t(id, connected_at, disconnected_at)
    where exists (select 1 from entities e where e.id = t.id)
    on conflict (display_id) do update set
      connected_at = coalesce(excluded.connected_at, display_health.connected_at),
      disconnected_at = coalesce(excluded.disconnected_at, display_health.disconnected_at)`);
}

/** A heartbeat: the player's state now, and one "up" bucket for the uptime figure. */
export async function recordHeartbeat(
  tx: Tx,
  displayId: number,
  report: HeartbeatReport,
  now: Date,
): Promise<void> {
  const state = {
    playerVersion: report.playerVersion,
    screenWidth: report.screen.width,
    screenHeight: report.screen.height,
    contentVersion: report.contentVersion,
    contentReportedAt: now,
    lastHeartbeatAt: now,
    // A heartbeat without an error keeps the one reported before: "last error" is the last one seen.
    ...(report.lastError
      ? { lastError: report.lastError.message, lastErrorAt: new Date(report.lastError.at) }
      : {}),
  };
  await tx
    .insert(displayHealth)
    .values({ displayId, ...state, firstHeartbeatAt: now })
    .onConflictDoUpdate({
      target: displayHealth.displayId,
      set: { ...state, firstHeartbeatAt: sql`coalesce(${displayHealth.firstHeartbeatAt}, ${now})` },
    });
  const inserted = await tx
    .insert(displayHeartbeats)
    .values({ displayId, bucket: bucketOf(now) })
    .onConflictDoNothing()
    .returning({ bucket: displayHeartbeats.bucket });
  // Once per bucket, not per heartbeat: drop what left the window.
  if (inserted.length)
    await tx
      .delete(displayHeartbeats)
      .where(
        and(
          eq(displayHeartbeats.displayId, displayId),
          lt(displayHeartbeats.bucket, new Date(now.getTime() - KEEP_BUCKETS_MS)),
        ),
      );
}

/**
 * What is on screen now: the first time a display shows a note or a banner slide is kept (later
 * reports of the same item change nothing). Ids of content the display may not show are stored
 * but never counted: delivery reads only the displays below the item's entity.
 */
export async function recordRendered(
  tx: Tx,
  displayId: number,
  report: RenderedReport,
  now: Date,
): Promise<void> {
  const row = (kind: 'note' | 'content', itemId: number) => ({
    displayId,
    kind,
    itemId,
    shownAt: now,
    contentVersion: report.contentVersion,
  });
  const rows = [
    ...[...new Set(report.notes)].map((id) => row('note', id)),
    ...[...new Set(report.slides)].map((id) => row('content', id)),
  ];
  if (rows.length) await tx.insert(displayDeliveries).values(rows).onConflictDoNothing();
  const state = { contentVersion: report.contentVersion, contentReportedAt: now };
  await tx
    .insert(displayHealth)
    .values({ displayId, ...state })
    .onConflictDoUpdate({ target: displayHealth.displayId, set: state });
}

/**
 * Stores a screen's picture of itself (the latest only), after checking it is what it claims: a
 * JPEG or WebP by its leading bytes, with a readable header, within the size limit.
 */
export async function storeScreenshot(
  tx: Tx,
  displayId: number,
  image: Uint8Array,
  now: Date,
): Promise<ScreenshotAck> {
  if (image.byteLength > SCREENSHOT_MAX_BYTES) return { ok: false, reason: 'payload_too_large' };
  const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  const kind = sniffFile(bytes);
  if (kind !== 'jpeg' && kind !== 'webp') return { ok: false, reason: 'invalid_file' };
  const size = imageSize(bytes, kind);
  if (!size) return { ok: false, reason: 'invalid_file' };
  const row = {
    mimeType: MIME_OF[kind],
    data: Buffer.from(bytes),
    bytes: bytes.byteLength,
    width: size.width,
    height: size.height,
    takenAt: now,
  };
  await tx
    .insert(displayScreenshots)
    .values({ displayId, ...row })
    .onConflictDoUpdate({ target: displayScreenshots.displayId, set: row });
  await tx
    .update(displayHealth)
    .set({ screenshotRequestedAt: null })
    .where(eq(displayHealth.displayId, displayId));
  return { ok: true };
}

/** A console asks for a new screenshot: noted on the display and pushed to that screen alone. */
export async function requestScreenshot(
  tx: Tx,
  displayId: number,
  actorId: number,
  now: Date,
): Promise<Date> {
  await tx
    .insert(displayHealth)
    .values({ displayId, screenshotRequestedAt: now })
    .onConflictDoUpdate({ target: displayHealth.displayId, set: { screenshotRequestedAt: now } });
  // `display.command` goes to the display's own entity room, which only that screen's sockets join.
  await recordEvent(tx, {
    type: 'display.command',
    entityId: displayId,
    data: { command: 'screenshot' },
    actorId,
  });
  return now;
}
