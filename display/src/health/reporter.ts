import {
  HEALTH_HEARTBEAT_MS,
  type HeartbeatReport,
  RENDERED_DEBOUNCE_MS,
  type RenderedReport,
  SCREENSHOT_INTERVAL_MS,
  type ScreenshotAck,
} from '@oppslag/common/schemas/display-health.ts';
import { type OnScreen, onScreenKey } from './on-screen';

/** Where reports go: the display's Socket.IO connection (see `realtime/socket.ts`). */
export interface HealthTransport {
  connected(): boolean;
  heartbeat(report: HeartbeatReport): void;
  rendered(report: RenderedReport): void;
  screenshot(image: Uint8Array): Promise<ScreenshotAck>;
}

export interface HealthReporterOptions {
  transport: HealthTransport;
  playerVersion: string;
  /** The content version (ETag) on screen now. */
  contentVersion(): string | null;
  /** What is on screen now. */
  onScreen(): OnScreen;
  screenSize(): { width: number; height: number };
  /** Takes the screenshot (modern-screenshot in the browser; a stub in tests). */
  capture(): Promise<Uint8Array>;
  /** The first periodic screenshot after connecting (default 10 s, so a new screen soon has one). */
  firstScreenshotMs?: number;
}

/** Errors closer together than this ride on the next heartbeat instead of one report each. */
const ERROR_REPORT_GAP_MS = 10_000;

/**
 * The player's side of screen health and proof of delivery. It sends a heartbeat on connect and
 * every minute (version, screen size, content version, last error), confirms what is on screen
 * once it has been stable for 2 s (and again on every reconnect, since the server may have missed
 * it), and takes a screenshot of itself every 15 minutes and when a console asks. Nothing is
 * queued while offline: a reconnect sends the current state, which is all the server needs.
 */
export function createHealthReporter(options: HealthReporterOptions) {
  const { transport } = options;
  let lastError: HeartbeatReport['lastError'] = null;
  let lastErrorSent = 0;
  let confirmed: string | null = null;
  let renderTimer: ReturnType<typeof setTimeout> | null = null;
  let firstShot: ReturnType<typeof setTimeout> | null = null;
  let capturing: Promise<void> | null = null;
  // The heartbeat also re-checks what is on screen: notes and slides start and end with the clock.
  const heartbeatTimer = setInterval(() => {
    heartbeat();
    scheduleRendered();
  }, HEALTH_HEARTBEAT_MS);
  const screenshotTimer = setInterval(() => void screenshot(), SCREENSHOT_INTERVAL_MS);

  function heartbeat() {
    if (!transport.connected()) return;
    transport.heartbeat({
      playerVersion: options.playerVersion,
      screen: options.screenSize(),
      contentVersion: options.contentVersion(),
      lastError,
    });
  }

  function confirmRendered() {
    renderTimer = null;
    if (!transport.connected()) return;
    const shown = options.onScreen();
    const contentVersion = options.contentVersion();
    const key = onScreenKey(shown, contentVersion);
    if (key === confirmed) return;
    confirmed = key;
    transport.rendered({ contentVersion, ...shown });
  }

  function screenshot(): Promise<void> {
    if (!transport.connected()) return Promise.resolve();
    // One capture at a time: a request during a capture is answered by the capture running.
    capturing ??= options
      .capture()
      .then((image) => transport.screenshot(image))
      .then(() => undefined)
      .catch((error: unknown) =>
        reportError(`screenshot failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        capturing = null;
      });
    return capturing;
  }

  function reportError(message: string) {
    lastError = { message: message.slice(0, 500), at: new Date().toISOString() };
    if (Date.now() - lastErrorSent < ERROR_REPORT_GAP_MS) return;
    lastErrorSent = Date.now();
    heartbeat();
  }

  return {
    /** The socket (re)connected: report at once; the periodic screenshot follows soon. */
    connected() {
      confirmed = null;
      heartbeat();
      scheduleRendered();
      if (firstShot) clearTimeout(firstShot);
      firstShot = setTimeout(() => void screenshot(), options.firstScreenshotMs ?? 10_000);
    },
    /** The screen changed: confirm it once it has settled. */
    changed: scheduleRendered,
    /** A console asked for a screenshot. */
    screenshot,
    reportError,
    stop() {
      clearInterval(heartbeatTimer);
      clearInterval(screenshotTimer);
      for (const t of [renderTimer, firstShot]) if (t) clearTimeout(t);
    },
  };

  function scheduleRendered() {
    if (renderTimer) clearTimeout(renderTimer);
    renderTimer = setTimeout(confirmRendered, RENDERED_DEBOUNCE_MS);
  }
}

export type HealthReporter = ReturnType<typeof createHealthReporter>;
