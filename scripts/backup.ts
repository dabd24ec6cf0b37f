// `npm run backup [-- <file.tar.gz>]`: a backup of an embedded (PGlite) installation, i.e. of its
// DATA_DIR: the database (pglite/), the asset files (assets/) and the generated secrets (secrets/:
// the JWT key and the SMS webhook secret, without which every session and display token would die).
//
// Why stop-copy-start and not a copy of the running directory: PGlite is one process's in-memory
// PostgreSQL that writes its files when it pleases, so a copy taken while it runs may hold a page
// from before a checkpoint next to WAL from after it, and open corrupt or not at all. Opening a
// second PGlite on the live directory to dump it corrupts it outright (that is why DATA_DIR has a
// lock). So this takes the directory's lock itself: it refuses while Oppslag runs (naming the
// process to stop), and no Oppslag can start while the copy is made. A small installation's copy
// takes seconds (docs/operations.md has the measured figures).
//
// With DATABASE_URL the database is PostgreSQL: use pg_dump (docs/operations.md, "Backup and restore").
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { DataDirLockedError, loadConfig, lockDataDir, orExit } from '@oppslag/api/core';

const say = (msg: string) => process.stdout.write(`[oppslag backup] ${msg}\n`);

const config = orExit(loadConfig, 'oppslag backup');
if (config.databaseUrl) {
  say('DATABASE_URL is set: the data is in PostgreSQL. Back it up with `pg_dump -Fc` (docs/operations.md).');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(process.argv[2] ?? `oppslag-backup-${stamp}.tar.gz`);

let lock: { release(): void };
try {
  lock = lockDataDir(config.dataDir, 'backup');
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  say(`${err.message}\nStop Oppslag, run the backup, then start it again.`);
  process.exit(1);
}
try {
  const started = Date.now();
  // The lock file is this process's own and must not travel: a restored copy would look in use.
  const tar = spawnSync('tar', ['-czf', out, '-C', config.dataDir, '--exclude=./oppslag.lock*', '.'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (tar.status !== 0) {
    say(`tar failed (exit ${tar.status ?? tar.signal}); no backup was written`);
    process.exitCode = 1;
  } else {
    say(`${config.dataDir} → ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  lock.release();
}
