import { type Column, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * `column = any($1)` with the whole list as ONE array parameter. Drizzle's `inArray(column, list)`
 * builds a parameter and SQL chunks per element, and on the SMS drain's batches (hundreds of ids,
 * numbers, keys) that building was a tenth of the worker's CPU (docs/performance.md, fourth round);
 * the statement text also changed with every list length, so no plan was ever reused. PostgreSQL
 * takes the parameter's type from the column. An empty list matches nothing, as `inArray` does.
 */
export function anyOf<T>(column: Column | SQL | SQLWrapper, values: readonly T[]): SQL {
  return sql`${column} = any(${sql.param(values)})`;
}

/** `column <> all($1)`: the rows whose value is in none of the list (`notInArray`, one parameter). */
export function noneOf<T>(column: Column | SQL | SQLWrapper, values: readonly T[]): SQL {
  return sql`${column} <> all(${sql.param(values)})`;
}
