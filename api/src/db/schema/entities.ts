import type { QuietHours } from '@oppslag/common';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const entities = pgTable(
  'entities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['system', 'group', 'organization', 'display'] }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => entities.id),
    orgnum: text('orgnum'),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    phoneNumber: text('phone_number'),
    displayInformation: text('display_information'),
    orientation: integer('orientation').notNull().default(0),
    codeWord: text('code_word'),
    showCodeWord: boolean('show_code_word').notNull().default(true),
    noteBoardBackgroundColor: text('note_board_background_color').notNull().default('#e0d6d0'),
    bannerFallbackText: text('banner_fallback_text'),
    /** Large print on the screen (issue 12): null inherits the nearest ancestor's choice (else off). */
    largePrint: boolean('large_print'),
    /** Replies a resident's number gets per day (Oslo), and SMS an organization may send per month. */
    smsDailyReplyLimit: integer('sms_daily_reply_limit').notNull().default(5),
    smsMonthlyBudget: integer('sms_monthly_budget').notNull().default(300),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** Display modules switched on or off (clock, weather, transit, notes, banners, info). */
    services: jsonb('services').$type<Record<string, boolean>>().notNull().default({}),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    apiKey: text('api_key'),
    /** Bumped when the API key is regenerated; display tokens carry it and die with the old key. */
    apiKeyVersion: integer('api_key_version').notNull().default(0),
    layoutId: text('layout_id'),
    /** Own quiet hours (issue 16); null inherits the nearest ancestor's. */
    quietHours: jsonb('quiet_hours').$type<QuietHours>(),
    /** Set the first time a display registers with its API key; "offline" only means something after that. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entities_parent_idx').on(t.parentId),
    // Code words route SMS, so they are unique system-wide regardless of case (deleted ones free theirs).
    uniqueIndex('entities_code_word_idx')
      .on(sql`lower(${t.codeWord})`)
      .where(sql`${t.deleted} = false and ${t.codeWord} is not null`),
  ],
);

export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'administrator', 'moderator'] }).notNull(),
    autoApprove: boolean('auto_approve').notNull().default(false),
    smsNotifications: boolean('sms_notifications').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('permissions_entity_user_idx').on(t.entityId, t.userId),
    index('permissions_user_idx').on(t.userId),
  ],
);
