import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A single row (id = 1) naming this installation, created on first start (before any install):
 * the id an installation stores under its REDIS_PREFIX to claim it. It lives in the database, so
 * every process and replica of one installation shares it, and two databases never do.
 */
export const instance = pgTable('instance', {
  id: integer('id').primaryKey(),
  instanceId: text('instance_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
