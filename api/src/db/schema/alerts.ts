import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './users';

/**
 * Emergency alerts (issue 16). An alert is in force from its creation until `expires_at` passes or
 * someone clears it (`cleared_at`); rows are kept afterwards as the record of what was sent.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    template: text('template'),
    title: text('title'),
    text: text('text'),
    /** Time fields of a template ("from 10:00 to 14:00"), as HH:MM. */
    fromTime: text('from_time'),
    toTime: text('to_time'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    clearedBy: integer('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Screens ask for the alerts in force along their chain on every content build.
  (t) => [index('alerts_active_idx').on(t.entityId).where(sql`${t.clearedAt} is null`)],
);
