import type { Schedule } from '@oppslag/common';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './users';

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sanitized HTML from the rich-text editor. */
    text: text('text').notNull(),
    icon: text('icon').notNull().default('information'),
    iconColor: text('icon_color').notNull().default('#019939'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }),
    sticky: boolean('sticky').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    /** Repeating window inside date..end (common/schedule.ts); null = the whole period. */
    schedule: jsonb('schedule').$type<Schedule>(),
    source: text('source', { enum: ['console', 'sms'] })
      .notNull()
      .default('console'),
    smsMessageId: integer('sms_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notes_entity_idx').on(t.entityId)],
);

export const assets = pgTable('assets', {
  id: serial('id').primaryKey(),
  entityId: integer('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  /** 0 unknown, 1 image, 2 pdf. */
  type: integer('type').notNull(),
  width: integer('width'),
  height: integer('height'),
  pageCount: integer('page_count').notNull().default(1),
  page: integer('page').notNull().default(1),
  offsetX: doublePrecision('offset_x').notNull().default(0),
  offsetY: doublePrecision('offset_y').notNull().default(0),
  scale: doublePrecision('scale').notNull().default(1),
  slot: text('slot'),
  storageKey: text('storage_key').notNull(),
  croppedKey: text('cropped_key'),
  hasCropped: boolean('has_cropped').notNull().default(false),
  /** Incremented on every crop request; the worker only writes the newest version. */
  cropVersion: integer('crop_version').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Banner, partner logo and ad content placed in slots. */
export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    slot: text('slot', { enum: ['banner', 'partnerLogo', 'adsSmall', 'adsLarge'] }).notNull(),
    type: text('type', { enum: ['banner-asset', 'banner-template'] }).notNull(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }),
    duration: integer('duration').default(30),
    /** Repeating window inside start..end (common/schedule.ts); null = the whole period. */
    schedule: jsonb('schedule').$type<Schedule>(),
    approved: boolean('approved').default(true),
    isTemplate: boolean('is_template').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    templateId: text('template_id'),
    templateText: text('template_text'),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contents_entity_slot_idx').on(t.entityId, t.slot)],
);

export const autoApproveNumbers = pgTable('auto_approve_numbers', {
  id: serial('id').primaryKey(),
  entityId: integer('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' }),
  number: text('number').notNull(),
  description: text('description').notNull().default(''),
  expirationDate: timestamp('expiration_date', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const transitStops = pgTable('transit_stops', {
  id: serial('id').primaryKey(),
  entityId: integer('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' }),
  stopId: text('stop_id').notNull(),
  label: text('label').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
