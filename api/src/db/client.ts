import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
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
  /** PGlite only: the whole cluster as a tarball, to open again with `pgliteSnapshot`. */
  dump?: () => Promise<Blob>;
}

/**
 * Opens the database: node-postgres when `url` is set, else PGlite on disk at `pgliteDir` (or in
 * memory). `pgliteSnapshot` starts an in-memory PGlite from a dump (`Database.dump`) instead of an
 * empty cluster: tests start each database from one migrated dump rather than running initdb.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  pgliteSnapshot?: Blob;
  poolSize?: number;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // A connection the server drops (restart, failover, a database dropped while the pool closes)
    // must not crash the process: idle ones are replaced, queries in flight fail on their own.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir)
    : new PGlite(opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

// Migrations: ./migrations.ts (forward only, under a lock, with adoption of development schemas).
export { MigrationError, migrationsFolder, runMigrations } from './migrations';
