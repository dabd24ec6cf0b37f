// Bench: the console's initial JavaScript, gzipped, from a fresh production build (target ≤ 250 KB;
// routes are code-split with React.lazy, so only the shell loads up front).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from '../console/scripts/bundle-size';
import type { BenchOutcome } from './lib/bench';

export const description = 'console: initial JS gzipped (code-split routes)';

export async function run(): Promise<BenchOutcome> {
  const consoleDir = join(import.meta.dirname, '..', 'console');
  execFileSync(join(import.meta.dirname, '..', 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: consoleDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const report = initialJs(join(consoleDir, 'dist'));
  for (const f of report.files)
    console.log(`  ${f.file.padEnd(44)} ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB gz`);
  const kb = report.gzipBytes / 1024;
  const summary = `  console initial JS: ${kb.toFixed(1)} KB gzipped (target ≤ ${INITIAL_JS_BUDGET_BYTES / 1024} KB)`;
  console.log(summary);
  return { ok: report.gzipBytes <= INITIAL_JS_BUDGET_BYTES, summary };
}
