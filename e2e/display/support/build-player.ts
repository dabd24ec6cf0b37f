import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const displayDir = join(root, 'display');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(path) : st.mtimeMs);
  }
  return newest;
}

/** Builds the player (production mode) unless dist is newer than every source file; returns dist. */
export function buildPlayer(): string {
  const dist = join(displayDir, 'dist');
  const index = join(dist, 'index.html');
  const sources = Math.max(
    newestMtime(join(displayDir, 'src')),
    newestMtime(join(displayDir, 'public')),
    statSync(join(displayDir, 'index.html')).mtimeMs,
  );
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    // Vitest sets NODE_ENV=test, which would make Vite emit a development build (and no service worker).
    execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: displayDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  return dist;
}
