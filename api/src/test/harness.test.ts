import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { instance } from '../db/schema/instance';
import { createTestDatabase, TEST_PG_ADMIN_URL, type TestDatabase } from './harness';

/**
 * PostgreSQL test databases are copies of one migrated template (`CREATE DATABASE … TEMPLATE`):
 * each copy must hold the whole schema, start empty, and be its own (a row written to one is not in
 * another, nor in the template the next copy is made from).
 */
describe('createTestDatabase on PostgreSQL', () => {
  const made: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of made) await db.drop();
  });

  it('gives migrated, empty databases of their own, copied from a migrated template', async () => {
    const one = await createTestDatabase('pg');
    made.push(one);
    await one.database.db.insert(instance).values({ id: 1, instanceId: randomUUID() });
    const two = await createTestDatabase('pg');
    made.push(two);
    expect(await two.database.db.select().from(instance)).toEqual([]);
    expect((await one.database.db.select().from(instance)).length).toBe(1);

    // The whole schema: every table of the first copy is in the second one.
    const tables = async (db: TestDatabase) =>
      (
        (await db.database.db.execute(
          sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
        )) as unknown as { rows: { table_name: string }[] }
      ).rows.map((r) => r.table_name);
    const names = await tables(two);
    expect(names).toContain('instance');
    expect(names.length).toBeGreaterThan(10);
    expect(names).toEqual(await tables(one));

    // Made by copying: a template of the current migrations exists, marked as one (a test must not
    // connect to it, as a copy fails while anyone is connected to its source).
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    try {
      const templates = await admin.query(
        `select datname from pg_database where datistemplate and datname like 'oppslag_template_%'`,
      );
      expect(templates.rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
  });
});
