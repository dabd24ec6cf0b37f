import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './asset-files';
import { entities } from './entities';

/**
 * Screen health (issue 16): one row per display with what its player reported last. Telemetry,
 * not domain data: the gateway writes it straight from the display's socket, without an event.
 */
export const displayHealth = pgTable('display_health', {
  displayId: integer('display_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  playerVersion: text('player_version'),
  screenWidth: integer('screen_width'),
  screenHeight: integer('screen_height'),
  contentVersion: text('content_version'),
  contentReportedAt: timestamp('content_reported_at', { withTimezone: true }),
  lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
  /** The first heartbeat ever: the uptime window starts there when it is younger than 7 days. */
  firstHeartbeatAt: timestamp('first_heartbeat_at', { withTimezone: true }),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** An on-demand screenshot asked for and not yet received. */
  screenshotRequestedAt: timestamp('screenshot_requested_at', { withTimezone: true }),
});

/** One row per display and 5-minute bucket with a heartbeat: the uptime figure counts them (8 days kept). */
export const displayHeartbeats = pgTable(
  'display_heartbeats',
  {
    displayId: integer('display_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.displayId, t.bucket] })],
);

/** The latest screenshot of each display (a downscaled JPEG or WebP, size-limited). */
export const displayScreenshots = pgTable('display_screenshots', {
  displayId: integer('display_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  data: bytea('data').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
});

/**
 * Proof of delivery: the first time a display showed a note or a banner slide. `kind` says which
 * table `item_id` points into; rows of deleted notes stay harmless (they are only read by id).
 */
export const displayDeliveries = pgTable(
  'display_deliveries',
  {
    displayId: integer('display_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['note', 'content'] }).notNull(),
    itemId: integer('item_id').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull(),
    contentVersion: text('content_version'),
  },
  (t) => [
    primaryKey({ columns: [t.displayId, t.kind, t.itemId] }),
    index('display_deliveries_item_idx').on(t.kind, t.itemId),
  ],
);
