import { z } from 'zod';

/**
 * Screen health and proof of delivery (issue 16). The player reports over its Socket.IO connection
 * (`display.heartbeat`, `display.rendered`, `display.screenshot`); the gateway stores the reports;
 * consoles read them over REST. The report schemas below are the gateway's edge: anything else a
 * screen sends is dropped.
 */

/** How often the player reports its state (the heartbeat); uptime counts 5-minute buckets of it. */
export const HEALTH_HEARTBEAT_MS = 60_000;
/** The bucket of the uptime figure: a bucket with at least one heartbeat counts as "up". */
export const UPTIME_BUCKET_MS = 5 * 60_000;
/** The window of the uptime figure. */
export const UPTIME_WINDOW_MS = 7 * 24 * 3600_000;
/** How often the player takes a screenshot of itself without being asked. */
export const SCREENSHOT_INTERVAL_MS = 15 * 60_000;
/** The thumbnail's width in pixels (the player downscales to it). */
export const SCREENSHOT_WIDTH = 480;
/** The largest screenshot the gateway stores (a 480 px JPEG is 20–60 kB). */
export const SCREENSHOT_MAX_BYTES = 256 * 1024;
/** The player waits this long after the screen changed before it confirms what it shows. */
export const RENDERED_DEBOUNCE_MS = 2_000;

const text = (max: number) => z.string().max(max);

/** `display.heartbeat`: the player's state, sent on connect, every minute and after an error. */
export const heartbeatReportSchema = z.object({
  playerVersion: text(40),
  screen: z.object({
    width: z.number().int().min(0).max(100_000),
    height: z.number().int().min(0).max(100_000),
  }),
  /** The ETag of the content answer on screen (null before the first one). */
  contentVersion: text(100).nullable(),
  /** The latest error the page caught since it loaded, if any. */
  lastError: z.object({ message: text(500), at: z.iso.datetime() }).nullable(),
});
export type HeartbeatReport = z.infer<typeof heartbeatReportSchema>;

/** `display.rendered`: what is on screen now (debounced by the player). */
export const renderedReportSchema = z.object({
  contentVersion: text(100).nullable(),
  notes: z.array(z.number().int().positive().max(2147483647)).max(500),
  /** Banner slides (content ids of the banner slot). */
  slides: z.array(z.number().int().positive().max(2147483647)).max(500),
});
export type RenderedReport = z.infer<typeof renderedReportSchema>;

/** The answer the gateway acks a screenshot with. */
export type ScreenshotAck = { ok: true } | { ok: false; reason: 'invalid_file' | 'payload_too_large' };

export const orientationSchema = z.enum(['landscape', 'portrait']);

/** `GET /api/entities/{displayId}/health`. */
export const displayHealthSchema = z.object({
  displayId: z.number().int(),
  /** The display registered with its API key at least once (before that, "offline" means nothing). */
  registered: z.boolean(),
  online: z.boolean(),
  /** When the screen came online (if online) or went offline (if not); null when never seen. */
  since: z.iso.datetime().nullable(),
  lastHeartbeatAt: z.iso.datetime().nullable(),
  playerVersion: z.string().nullable(),
  screen: z
    .object({ width: z.number().int(), height: z.number().int(), orientation: orientationSchema })
    .nullable(),
  /**
   * The orientation the display is set to. A screen reporting the other one (a portrait monitor
   * left on "landscape") draws its layout letterboxed at half size (issue 12 item 10).
   */
  configuredOrientation: orientationSchema,
  /** Share of the 5-minute buckets of the last 7 days (since the first heartbeat, if later) with a heartbeat. */
  uptime: z.number().min(0).max(1).nullable(),
  lastError: z.object({ message: z.string(), at: z.iso.datetime() }).nullable(),
  /** The content version (ETag) the screen reported last, and when. */
  content: z.object({ version: z.string().nullable(), reportedAt: z.iso.datetime() }).nullable(),
  screenshot: z
    .object({
      takenAt: z.iso.datetime(),
      /** The thumbnail as a `data:` URL, so the console shows it with the same authorization. */
      dataUrl: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    })
    .nullable(),
  /** The last on-demand request still waiting for its screenshot, if any. */
  screenshotRequestedAt: z.iso.datetime().nullable(),
});
export type DisplayHealth = z.infer<typeof displayHealthSchema>;

/** `POST /api/entities/{displayId}/health/screenshot`. */
export const screenshotRequestSchema = z.object({
  requestedAt: z.iso.datetime(),
  /** Whether the display is connected; an offline display takes the screenshot when it is back. */
  online: z.boolean(),
});

/** One display below a note's (or slide's) entity, and when it first showed it. */
export const deliveryDisplaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shownAt: z.iso.datetime().nullable(),
  online: z.boolean(),
  /** The last heartbeat (for a missing display: since when it is gone). */
  lastSeenAt: z.iso.datetime().nullable(),
  /**
   * Whether it should be showing the item now (common's dueOnScreen: the item's period and
   * schedule, the screen's quiet hours and slot switch). Due and not shown is "missing".
   */
  due: z.boolean(),
});

/** `GET /api/content/{entityId}/note/{noteId}/delivery` (and the banner slide's). */
export const deliverySchema = z.object({
  shown: z.number().int(),
  total: z.number().int(),
  /** Displays that should be showing it now. */
  due: z.number().int(),
  /** Displays that should be showing it now and have not shown it. */
  missing: z.number().int(),
  /** Every display below the entity, the missing ones first. */
  displays: z.array(deliveryDisplaySchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** A display's health at a glance (a row of the admin displays table): no screenshot, no content. */
export const displayHealthSummarySchema = displayHealthSchema.pick({
  since: true,
  lastHeartbeatAt: true,
  playerVersion: true,
  screen: true,
  uptime: true,
  lastError: true,
});
export type DisplayHealthSummary = z.infer<typeof displayHealthSummarySchema>;
