import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
export type Schema = typeof schema;
/** Either driver: node-postgres against a server, or embedded PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself; services take this so callers decide the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export interface Database {
  db: Db;
  driver: 'pg' | 'pglite';
  /** Runs a trivial query; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
/** Opens the database: node-postgres when `url` is set, else PGlite on disk at `pgliteDir` (or in memory). */
export declare function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  poolSize?: number;
}): Promise<Database>;
/** Applies pending migrations (run on every start; idempotent). */
export declare function runMigrations(database: Database): Promise<void>;
