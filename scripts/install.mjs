// How the bootstrap installs dependencies (imported by bootstrap.mjs, which must run on any Node).
// `npm start` needs devDependencies at run time: the pinned Node 24 (`node`), `tsx` that runs the
// TypeScript entry points, and vite that builds the console and the player. npm leaves them out
// (and removes them from an installed tree) whenever NODE_ENV=production, so the install always
// names them: NODE_ENV=production changes how Oppslag runs, never what gets installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `npm install`, not `npm ci`: npm drops other platforms' optional packages (biome, canvas
 * binaries) from the lock file when a dependency is added on an installed tree, and `npm ci` then
 * refuses the lock; `npm install` still installs the locked versions and fills those gaps. */
export const INSTALL_ARGS = ['install', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'];

/** What must be in node_modules/.bin for `npm start`; any missing one means install again. */
export const REQUIRED_BINS = ['node', 'tsx', 'vite'];

function lockHash(root) {
  const lock = join(root, 'package-lock.json');
  return existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'none';
}

/** Installs when a required binary is missing or package-lock.json changed since the last install. */
export function ensureInstalled(root, log) {
  const bin = join(root, 'node_modules', '.bin');
  const marker = join(root, 'node_modules', '.oppslag-install');
  const hash = lockHash(root);
  const complete = REQUIRED_BINS.every((name) => existsSync(join(bin, name)));
  if (complete && existsSync(marker) && readFileSync(marker, 'utf8') === hash) return;
  log('installing dependencies (npm install)…');
  const res = spawnSync('npm', INSTALL_ARGS, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  writeFileSync(marker, lockHash(root));
}
