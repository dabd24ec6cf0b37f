// The console's initial JavaScript: the entry script of dist/index.html plus every module it
// preloads, gzipped (what a first visit downloads before any route chunk). `tsx
// console/scripts/bundle-size.ts` prints it; the e2e suite and the bench assert the budget.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget from the issue: 250 KB gzipped. */
export const INITIAL_JS_BUDGET_BYTES = 250 * 1024;

export interface BundleReport {
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

export function initialJs(distDir: string): BundleReport {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) refs.add(m[1]);
  const files = [...refs].map((ref) => {
    const content = readFileSync(join(distDir, ref.replace(/^\//, '')));
    return { file: ref, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const report = initialJs(dist);
  for (const f of report.files)
    console.log(`${f.file.padEnd(44)} ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB gz`);
  const kb = (report.gzipBytes / 1024).toFixed(1);
  console.log(`console initial JS: ${kb} KB gzipped (budget ${INITIAL_JS_BUDGET_BYTES / 1024} KB)`);
  process.exitCode = report.gzipBytes <= INITIAL_JS_BUDGET_BYTES ? 0 : 1;
}
