import type { Delivery, DisplayHealth, DisplayHealthSummary } from '@oppslag/common';
import type { DeliveryRow } from '../services/delivery-query.service';
import type { HealthRead, HealthRow } from '../services/display-health-query.service';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The only way a display's health leaves the API; `online` comes from the presence store. */
export function presentHealth(read: HealthRead, online: boolean): DisplayHealth {
  const { display, health, screenshot } = read;
  return {
    displayId: display.id,
    registered: display.registeredAt !== null,
    online,
    ...summary(health, read.uptime, online),
    configuredOrientation: display.orientation === 1 ? 'portrait' : 'landscape',
    content: health?.contentReportedAt
      ? { version: health.contentVersion, reportedAt: health.contentReportedAt.toISOString() }
      : null,
    screenshot: screenshot
      ? {
          takenAt: screenshot.takenAt.toISOString(),
          dataUrl: `data:${screenshot.mimeType};base64,${screenshot.data.toString('base64')}`,
          width: screenshot.width,
          height: screenshot.height,
        }
      : null,
    screenshotRequestedAt: iso(health?.screenshotRequestedAt),
  };
}

/** The glance view of the admin displays table (same fields, same rules as the full health). */
export function presentHealthSummary(
  entry: { health: HealthRow; uptime: number | null } | undefined,
  online: boolean,
): DisplayHealthSummary | null {
  return entry ? summary(entry.health, entry.uptime, online) : null;
}

function summary(health: HealthRow | null, uptime: number | null, online: boolean): DisplayHealthSummary {
  const width = health?.screenWidth ?? null;
  const height = health?.screenHeight ?? null;
  return {
    // Online: since the socket came; offline: since it went (or the last sign of life, whichever is later).
    since: online
      ? iso(health?.connectedAt)
      : iso(latest(health?.disconnectedAt ?? null, health?.lastHeartbeatAt ?? null)),
    lastHeartbeatAt: iso(health?.lastHeartbeatAt),
    playerVersion: health?.playerVersion ?? null,
    screen:
      width !== null && height !== null
        ? { width, height, orientation: height > width ? 'portrait' : 'landscape' }
        : null,
    uptime,
    lastError:
      health?.lastError && health.lastErrorAt
        ? { message: health.lastError, at: health.lastErrorAt.toISOString() }
        : null,
  };
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** Proof of delivery: the missing displays first (the ones a board needs to look at), then the rest. */
export function presentDelivery(rows: DeliveryRow[], online: ReadonlySet<number>): Delivery {
  const displays = rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      shownAt: iso(r.shownAt),
      online: online.has(r.id),
      lastSeenAt: iso(r.lastSeenAt),
      due: r.due,
    }))
    // The missing ones (due now, not shown) first, then those not due now, then the shown ones.
    .sort((a, b) => rank(a) - rank(b));
  return {
    shown: displays.filter((d) => d.shownAt !== null).length,
    total: displays.length,
    due: displays.filter((d) => d.due).length,
    missing: displays.filter(isMissing).length,
    displays,
  };
}

/** A display that should be showing the item now and has not (common's dueOnScreen). */
const isMissing = (d: { due: boolean; shownAt: string | null }) => d.due && d.shownAt === null;
const rank = (d: { due: boolean; shownAt: string | null }) => (isMissing(d) ? 0 : d.shownAt === null ? 1 : 2);
