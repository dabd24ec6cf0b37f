// The schema's history, forward only. Each file in api/drizzle is one step, listed in
// meta/_journal.json; a released step never changes (api/drizzle/released.json pins each file's hash,
// checked by `npm test` and, against what a database recorded, by every start). The bookkeeping is
// Drizzle's own table (`drizzle.__drizzle_migrations`: one row per applied step, the file's sha256),
// so databases made by any earlier build keep their record; what this adds to Drizzle's migrator:
//  - one transaction under an advisory lock, so two replicas (or the migrate Job beside an API pod)
//    cannot both apply a step, and a failed step leaves the database as it was;
//  - steps matched by position and hash, not by timestamp: a database whose recorded steps differ
//    from these files is refused with the reason, instead of replaying `0000` onto existing tables;
//  - adoption of the development builds' schemas (before the baseline, `0000` was regenerated whole
//    on every change): see ./adopt.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { adoptionPath } from './adopt';
import type { Database, Tx } from './client';
import { rowsOf } from './rows';

/** api/drizzle: the SQL files and Drizzle's journal (meta/_journal.json). */
export const migrationsFolder = join(fileURLToPath(new URL('.', import.meta.url)), '../../drizzle');

/** Taken for the migration's transaction; any number no other lock in the product uses. */
const MIGRATION_LOCK = 7_318_004_301;

export interface Migration {
  /** The file's name without `.sql`, e.g. `0000_init`. */
  tag: string;
  /** sha256 of the file's text, as Drizzle records it. */
  hash: string;
  /** The journal's `when`, which Drizzle records as `created_at`. */
  when: number;
  statements: string[];
}

/** Refuses to start on a database these migrations cannot bring up to date; the message says why. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Reads the migrations in journal order (the same hash and statements as Drizzle's migrator). */
export function readMigrations(folder = migrationsFolder): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(join(folder, `${tag}.sql`), 'utf8');
    return {
      tag,
      when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').filter((s) => s.trim() !== ''),
    };
  });
}

export interface MigrationOutcome {
  /** Tags applied by this call, in order. */
  applied: string[];
  /** The development schema a database was adopted from (its recorded hash), if it was. */
  adoptedFrom: string | null;
}

interface AppliedRow {
  id: number;
  hash: string;
  /** The applied file's journal `when`. */
  createdAt: number;
}

/**
 * Brings the database to the newest migration (run at every start with PGlite, and by the migrate
 * step with PostgreSQL; idempotent). Everything happens in one transaction under MIGRATION_LOCK.
 */
export async function runMigrations(
  database: Database,
  migrations = readMigrations(),
): Promise<MigrationOutcome> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const recorded = await appliedRows(tx);
    const adoptedFrom = await adopt(tx, recorded, migrations[0]);
    const done = adoptedFrom ? await appliedRows(tx) : recorded;
    verifyApplied(done, migrations);
    const pending = migrations.slice(done.length);
    for (const migration of pending) {
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
      );
    }
    return { applied: pending.map((m) => m.tag), adoptedFrom };
  });
}

async function appliedRows(tx: Tx): Promise<AppliedRow[]> {
  const result = await tx.execute<{ id: number; hash: string; created_at: string | number }>(
    sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rowsOf<{ id: number; hash: string; created_at: string | number }>(result).map((r) => ({
    id: Number(r.id),
    hash: String(r.hash),
    createdAt: Number(r.created_at),
  }));
}

/**
 * A database made by a development build has one recorded step whose hash is that build's `0000`:
 * when ./adopt.ts knows the way from it to the baseline, its steps run and the record becomes the
 * baseline's. Returns the hash adopted from, or null when there was nothing to adopt.
 */
async function adopt(
  tx: Tx,
  recorded: AppliedRow[],
  baseline: Migration | undefined,
): Promise<string | null> {
  const first = recorded[0];
  if (!first || !baseline || first.hash === baseline.hash || recorded.length !== 1) return null;
  const path = adoptionPath(first.hash, baseline.hash);
  if (!path) return null; // not a known development schema: verifyApplied says why it is refused
  for (const step of path) for (const statement of step.statements) await tx.execute(sql.raw(statement));
  await tx.execute(
    sql`update drizzle.__drizzle_migrations set hash = ${baseline.hash}, created_at = ${baseline.when} where id = ${first.id}`,
  );
  return first.hash;
}

/**
 * The recorded steps must be these files' first steps, byte for byte (by hash), in order. A lone
 * `0000` recorded from an older journal entry is a development build's whole schema (regenerated
 * then); one recorded with this `0000`'s own timestamp is this file, edited since.
 */
function verifyApplied(recorded: AppliedRow[], migrations: Migration[]): void {
  if (recorded.length > migrations.length) {
    throw new MigrationError(
      `The database has ${recorded.length} migrations applied but this build of Oppslag knows ${migrations.length}: ` +
        'it was upgraded by a newer release. Run that release (or newer); a database is never downgraded.',
    );
  }
  recorded.forEach((row, i) => {
    const migration = migrations[i] as Migration;
    if (row.hash === migration.hash) return;
    throw new MigrationError(
      i === 0 && recorded.length === 1 && row.createdAt < migration.when
        ? `The database was made by an unreleased development build of Oppslag (schema ${row.hash.slice(0, 12)}) ` +
            'that cannot be upgraded in place. See docs/upgrading.md for the one-time step.'
        : `Migration ${migration.tag} differs from the one this database applied (recorded ${row.hash.slice(0, 12)}, ` +
            `file ${migration.hash.slice(0, 12)}): a released migration must never change; add a new one instead.`,
    );
  });
}
