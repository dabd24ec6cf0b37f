// A database as an earlier build left it: plain SQL (a pg_dump, or an old `0000_init`) run into an
// empty database of its own, with no migration of today's. The upgrade tests start today's code on it.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { openPgTestDatabase, pgUrl, TEST_PG_ADMIN_URL, type TestDatabase } from './harness';

/** Runs `sql` (several statements, no COPY, no psql meta-commands) into a new, empty database. */
export async function databaseFromSql(sql: string, driver: 'pg' | 'pglite'): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const client = new PGlite();
    await client.exec(sql);
    // A dump empties search_path for its session; the product's session must start as any does.
    await client.exec('RESET ALL');
    const snapshot = await client.dumpDataDir('none');
    await client.close();
    const database = await openDatabase({ pgliteSnapshot: snapshot });
    return { database, drop: () => database.close() };
  }
  const name = `oppslag_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const loader = new pg.Client({ connectionString: pgUrl(name) });
  await loader.connect();
  await loader.query(sql);
  await loader.end();
  return openPgTestDatabase(name);
}
