// Builds the console and the player before `npm start` serves them, when their dist is missing or
// older than their sources. A workspace without an index.html yet is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

/** The newest modification time under `path` (a file or a directory tree), 0 when absent. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Whether a web workspace's build output is missing or older than any of its sources (or common's). */
export function isStale(root: string, workspace: string): boolean {
  const built = join(root, workspace, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [...SOURCES.map((s) => join(root, workspace, s)), join(root, 'common', 'src')];
  return sources.some((s) => newest(s) > builtAt);
}

/** Builds each stale web app; a failed build is reported and the server still starts. */
export function buildWebApps(root: string, log: (msg: string) => void): void {
  for (const workspace of ['console', 'display']) {
    if (!existsSync(join(root, workspace, 'index.html'))) continue;
    if (!isStale(root, workspace)) continue;
    log(`building ${workspace}…`);
    const res = spawnSync('npm', ['run', 'build', '-w', `@oppslag/${workspace}`], {
      cwd: root,
      stdio: 'inherit',
    });
    if (res.status !== 0) log(`building ${workspace} failed; it will not be served until it builds`);
  }
}
