import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrations';
import { releasedMigrationProblems } from './released-migrations';

/** A copy of api/drizzle to break on purpose. */
const copies: string[] = [];
function copyOfMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'oppslag-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  copies.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const journalOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8'));

describe('released migrations never change', () => {
  it("the repository's migrations are exactly the released ones", () => {
    expect(releasedMigrationProblems()).toEqual([]);
  });

  it('an edited released migration is refused, even by one character', () => {
    const dir = copyOfMigrations();
    const file = join(dir, '0000_init.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')} `);
    expect(releasedMigrationProblems(dir)).toEqual([
      'released migration 0000_init was changed: add a new migration instead',
    ]);
  });

  it('a removed or reordered released migration is refused', () => {
    const dir = copyOfMigrations();
    const journal = journalOf(dir);
    const tags: string[] = journal.entries.map((e: { tag: string }) => e.tag);
    journal.entries = [];
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    // Every released migration is named, however many there are by now.
    expect(releasedMigrationProblems(dir)).toEqual(
      tags.map((tag) => `released migration ${tag} is missing from the journal`),
    );
  });

  it('a new migration must be pinned, numbered next and newer than the last', () => {
    const dir = copyOfMigrations();
    const journal = journalOf(dir);
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: journal.entries.length, tag: '0007_skipped', when: last.when });
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    writeFileSync(join(dir, '0007_skipped.sql'), 'SELECT 1;');
    expect(releasedMigrationProblems(dir)).toEqual([
      'migration 0007_skipped is not pinned in released.json (npm run db:generate pins it)',
      `migration 0007_skipped is not newer than ${last.tag} in the journal`,
      `migration 0007_skipped is numbered out of order (expected ${String(journal.entries.length - 1).padStart(4, '0')}_…)`,
    ]);
  });
});
