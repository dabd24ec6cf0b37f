import type { Delivery, DisplayHealth } from '@oppslag/common';
import type { DeliveryRow, HealthRead } from '../services/display-health-query.service';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The only way a display's health leaves the API; `online` comes from the presence store. */
export function presentHealth(read: HealthRead, online: boolean): DisplayHealth {
  const { display, health, screenshot } = read;
  const width = health?.screenWidth ?? null;
  const height = health?.screenHeight ?? null;
  return {
    displayId: display.id,
    registered: display.registeredAt !== null,
    online,
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
    uptime: read.uptime,
    lastError:
      health?.lastError && health.lastErrorAt
        ? { message: health.lastError, at: health.lastErrorAt.toISOString() }
        : null,
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
    }))
    .sort((a, b) => Number(a.shownAt !== null) - Number(b.shownAt !== null));
  return { shown: displays.filter((d) => d.shownAt !== null).length, total: displays.length, displays };
}
