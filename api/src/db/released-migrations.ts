// What "a released migration never changes" means, as a check: every migration in the journal is
// pinned in api/drizzle/released.json by its file's sha256, in the same order, none removed, and the
// journal's timestamps increase (Drizzle's own tooling orders by them). `npm test` runs it on the
// repository (released-migrations.test.ts); every start checks the same hashes against what the
// database recorded (migrations.ts), which catches an edit made together with its pin.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder, readMigrations } from './migrations';

export interface ReleasedMigration {
  tag: string;
  sha256: string;
  release: string;
}

/** The problems found, one sentence each; empty when the migrations are as released. */
export function releasedMigrationProblems(folder = migrationsFolder): string[] {
  const released = (
    JSON.parse(readFileSync(join(folder, 'released.json'), 'utf8')) as { migrations: ReleasedMigration[] }
  ).migrations;
  const migrations = readMigrations(folder);
  const problems: string[] = [];
  released.forEach((pin, i) => {
    const migration = migrations[i];
    if (!migration) problems.push(`released migration ${pin.tag} is missing from the journal`);
    else if (migration.tag !== pin.tag)
      problems.push(`migration #${i} is ${migration.tag} but ${pin.tag} was released in its place`);
    else if (migration.hash !== pin.sha256)
      problems.push(`released migration ${pin.tag} was changed: add a new migration instead`);
  });
  for (const migration of migrations.slice(released.length))
    problems.push(`migration ${migration.tag} is not pinned in released.json (npm run db:generate pins it)`);
  migrations.forEach((migration, i) => {
    const before = migrations[i - 1];
    if (before && migration.when <= before.when)
      problems.push(`migration ${migration.tag} is not newer than ${before.tag} in the journal`);
    if (!migration.tag.startsWith(String(i).padStart(4, '0')))
      problems.push(
        `migration ${migration.tag} is numbered out of order (expected ${String(i).padStart(4, '0')}_…)`,
      );
  });
  return problems;
}
