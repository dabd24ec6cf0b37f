import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** node-postgres returns bytea as a Buffer, PGlite as a Uint8Array; both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Asset files kept in PostgreSQL (ASSET_STORAGE=database): every API and worker replica reads the
 * same files without a shared volume. Keys are the storage keys of api/src/lib/storage.ts.
 */
export const assetFiles = pgTable('asset_files', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
