import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(path) : st.mtimeMs);
  }
  return newest;
}

/**
 * Builds a Vite app (production mode) unless its dist is newer than every source: `sourceDirs`
 * (relative to `appDir`), the app's index.html and vite.config.ts, and the root package.json
 * (the release version a build bakes in). Each e2e file calls this; returns dist.
 */
export function buildWebApp(appDir: string, sourceDirs: string[]): string {
  const dist = join(appDir, 'dist');
  const index = join(dist, 'index.html');
  const sources = Math.max(
    ...sourceDirs.map((dir) => newestMtime(join(appDir, dir))),
    ...['index.html', 'vite.config.ts', '../package.json'].map(
      (file) => statSync(join(appDir, file)).mtimeMs,
    ),
  );
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    // Vitest sets NODE_ENV=test, which would make Vite emit a development build (and no service worker).
    execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: appDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  return dist;
}

/** The console (production build) unless dist is newer than every source file; returns dist. */
export const buildConsole = (): string => buildWebApp(join(root, 'console'), ['src']);

/** The player (production build) unless dist is newer than every source file; returns dist. */
export const buildPlayer = (): string => buildWebApp(join(root, 'display'), ['src', 'public']);
