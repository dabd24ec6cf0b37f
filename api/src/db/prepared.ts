import type { Db } from './client';
import { rowsOf } from './rows';

type Client = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * Runs a hot path's fixed SQL text on the driver itself, past Drizzle's query building: named so
 * node-postgres parses and plans it once per connection and then only binds values (PGlite has no
 * named statements and runs the text). The statement runs on its own (autocommit), never inside a
 * caller's transaction: for hot paths whose whole unit of work is one statement.
 */
export function runPrepared<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: Client & { waitReady?: unknown } }).$client;
  const result = client.waitReady ? client.query(text, values) : client.query({ name, text, values });
  return result.then((r) => rowsOf<T>(r));
}
