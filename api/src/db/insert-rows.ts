import { propertyOf } from '@oppslag/common/property-of.ts';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';
import { rowsOf } from './rows';

interface InsertRowsOptions<R extends Record<string, PgColumn>> {
  /** `on conflict (column) do nothing`: rows that conflict are skipped (and not returned). */
  onConflictDoNothing?: PgColumn;
  /** Columns to return, by the key each is returned under (plain values: ids, text). */
  returning?: R;
}

/**
 * Inserts many rows into one table as `insert … select * from unnest($1::type[], $2::type[], …)`:
 * one array parameter per column, so the statement is the same few chunks for 1 row as for 500.
 * Drizzle's `insert().values(rows)` builds a parameter and several SQL chunks per value, and that
 * building was 40 % of the SMS drain's worker CPU (docs/performance.md, fourth round). Each value
 * goes through its column's own driver mapping (JSON for `jsonb`, ISO text for timestamps), as in
 * Drizzle. Every row must give the same columns (a column left out is the database's default for
 * every row); rows come back in the order given, as with a VALUES list.
 */
export async function insertRows<
  T extends PgTable,
  R extends Record<string, PgColumn> = Record<string, never>,
>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: InsertRowsOptions<R> = {},
): Promise<{ [K in keyof R]: R[K]['_']['data'] }[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]).filter((key) => key in columns);
  for (const row of rows)
    if (Object.keys(row).filter((key) => key in columns).length !== keys.length)
      throw new Error(`insertRows(${getTableName(table)}): every row must give the same columns`);
  const names: SQL[] = [];
  const arrays: SQL[] = [];
  for (const key of keys) {
    const column = columns[key];
    const values = rows.map((row) => {
      const value = propertyOf(row, key);
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    names.push(sql`${sql.identifier(column.name)}`);
    arrays.push(sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`);
  }
  const conflict = options.onConflictDoNothing
    ? sql` on conflict (${sql.identifier(options.onConflictDoNothing.name)}) do nothing`
    : sql``;
  const returned = Object.entries(options.returning ?? {});
  const returning = returned.length
    ? sql` returning ${sql.join(
        returned.map(([as, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(as)}`),
        sql`, `,
      )}`
    : sql``;
  const result = await tx.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})${conflict}${returning}`,
  );
  return rowsOf<{ [K in keyof R]: R[K]['_']['data'] }>(result);
}
