import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    phoneNumber: text('phone_number'),
    /**
     * When the member confirmed the SMS code sent to `phoneNumber` (issue 28 item 5); null until
     * then and again whenever the number changes. Only a verified number answers JA/NEI, is an
     * auto-approval sender or receives member SMS.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    language: text('language').notNull().default('no'),
    admin: boolean('admin').notNull().default(false),
    passwordHash: text('password_hash'),
    /** Bumped on password change or reset; tokens carrying an older value are rejected. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the token; the token itself only ever exists in the mailed link. */
  tokenHash: text('token_hash').notNull().unique(),
  purpose: text('purpose').notNull().default('reset'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A single row (id = 1) once the system is installed; the primary key makes racing installs leave one. */
export const installation = pgTable('installation', {
  id: integer('id').primaryKey(),
  adminUserId: integer('admin_user_id').notNull(),
  rootEntityId: integer('root_entity_id').notNull(),
  masterDisplayId: integer('master_display_id').notNull(),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The open phone confirmation of a user (one at a time): the code's SHA-256, the number it was
 * sent to, its expiry (15 minutes) and the wrong tries so far (5 end it).
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
