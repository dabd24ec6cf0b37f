// The migration runner against real databases: PostgreSQL (and PGlite where the driver matters).
// Schemas are compared through the catalog, so "adopted" means "the same tables, columns, indexes,
// constraints and sequences as a database made by today's migrations".
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFromSql } from '../test/database-from-sql';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { ADOPTION_STEPS } from './adopt';
import type { Database } from './client';
import { type Migration, MigrationError, readMigrations, runMigrations } from './migrations';
import { rowsOf } from './rows';

const fixture = (name: string) =>
  readFileSync(new URL(`./upgrade-fixtures/${name}`, import.meta.url), 'utf8');
/** A new PGlite runs initdb in WebAssembly (~6 s of CPU alone; over a minute on a loaded 2-core run). */
const PGLITE_TIMEOUT_MS = 180_000;
const made: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(made.map((d) => d.drop()));
});
async function track(db: Promise<TestDatabase>): Promise<TestDatabase> {
  const d = await db;
  made.push(d);
  return d;
}

async function rows(database: Database, query: string): Promise<string[]> {
  const result = await database.db.execute(sql.raw(query));
  return rowsOf<object>(result)
    .map((r) => JSON.stringify(r))
    .sort();
}
/** The schema as the catalog describes it (column order aside: statements name their columns). */
async function catalog(database: Database) {
  return {
    columns: await rows(
      database,
      `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public'`,
    ),
    indexes: await rows(
      database,
      `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`,
    ),
    constraints: await rows(
      database,
      `select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace`,
    ),
    sequences: await rows(
      database,
      `select sequencename, data_type, increment_by, min_value, max_value, cache_size from pg_sequences where schemaname = 'public'`,
    ),
  };
}
const recorded = (database: Database) =>
  rows(database, 'select id, hash, created_at from drizzle.__drizzle_migrations');

/** A development build's database: its whole `0000` and the record that build's migrator wrote. */
async function developmentDatabase(file: string, driver: 'pg' | 'pglite' = 'pg') {
  const text = fixture(file);
  const hash = createHash('sha256').update(text).digest('hex');
  const record = `CREATE SCHEMA drizzle; CREATE TABLE drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
    INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${hash}', 1795447816615);`;
  const db = await track(
    databaseFromSql(`${text.replaceAll('--> statement-breakpoint', '')}\n${record}`, driver),
  );
  return { db, hash };
}

describe('forward-only migrations', () => {
  it('a database made by a development build is adopted: the same schema as a new one, the baseline recorded', async () => {
    const fresh = await track(createTestDatabase('pg'));
    const expected = await catalog(fresh.database);
    for (const file of ['0000_init-01d4e13.sql', '0000_init-f0ee42d.sql']) {
      const { db, hash } = await developmentDatabase(file);
      expect(ADOPTION_STEPS.map((s) => s.from)).toContain(hash);
      expect(await catalog(db.database)).not.toEqual(expected);
      const outcome = await runMigrations(db.database);
      expect(outcome.adoptedFrom).toBe(hash);
      expect(await catalog(db.database)).toEqual(expected);
      expect(await recorded(db.database)).toEqual(await recorded(fresh.database));
      // A second start has nothing left to do.
      expect(await runMigrations(db.database)).toEqual({ applied: [], adoptedFrom: null });
    }
  });

  it(
    'adoption works the same on PGlite',
    async () => {
      const { db, hash } = await developmentDatabase('0000_init-01d4e13.sql', 'pglite');
      expect((await runMigrations(db.database)).adoptedFrom).toBe(hash);
      const columns = await rows(
        db.database,
        `select column_name from information_schema.columns where table_name = 'entities' and column_name = 'large_print'`,
      );
      expect(columns).toHaveLength(1);
      expect(
        await rows(db.database, `select 1 from pg_class where relname = 'system_event_seq'`),
      ).toHaveLength(1);
    },
    PGLITE_TIMEOUT_MS,
  );

  it('an unknown development schema is refused with the reason, and left as it was', async () => {
    const { db } = await developmentDatabase('0000_init-01d4e13.sql');
    await db.database.db.execute(sql.raw(`update drizzle.__drizzle_migrations set hash = 'abc123'`));
    const before = await catalog(db.database);
    const refused = await runMigrations(db.database).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MigrationError);
    expect((refused as Error).message).toMatch(/unreleased development build .* cannot be upgraded in place/);
    expect(await catalog(db.database)).toEqual(before);
  });

  it('a released migration edited after a database applied it is refused at start', async () => {
    const db = await track(createTestDatabase('pg'));
    const edited: Migration[] = readMigrations().map((m, i) =>
      i === 0 ? { ...m, hash: `${m.hash.slice(0, -1)}0` } : m,
    );
    await expect(runMigrations(db.database, edited)).rejects.toThrow(
      /Migration 0000_init differs .* must never change/,
    );
  });

  it('a database upgraded by a newer release is not downgraded', async () => {
    const db = await track(createTestDatabase('pg'));
    await db.database.db.execute(
      sql.raw(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', 1)`),
    );
    await expect(runMigrations(db.database)).rejects.toThrow(/upgraded by a newer release/);
  });

  it('new migrations apply in order, once, and two starts at once apply each exactly once', async () => {
    const db = await track(databaseFromSql('select 1', 'pg'));
    const released = readMigrations();
    const next: Migration = {
      tag: '9999_test',
      hash: 'h1',
      when: Number.MAX_SAFE_INTEGER,
      statements: ['CREATE TABLE "upgrade_probe" ("id" serial PRIMARY KEY)'],
    };
    const migrations = [...released, next];
    // The pool gives each run its own connection: without the lock both create the same tables.
    const [a, b] = await Promise.all([
      runMigrations(db.database, migrations),
      runMigrations(db.database, migrations),
    ]);
    expect([a.applied, b.applied].sort((x, y) => x.length - y.length)).toEqual([
      [],
      [...released.map((m) => m.tag), '9999_test'],
    ]);
    expect(await rows(db.database, 'select hash from drizzle.__drizzle_migrations order by id')).toHaveLength(
      released.length + 1,
    );
    expect((await runMigrations(db.database, migrations)).applied).toEqual([]);
  });
});
