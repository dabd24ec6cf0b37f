#!/usr/bin/env node
// `npm run mutation [-- module …]`: StrykerJS over the domain rules, one module after the other
// (scripts/mutation-modules.mjs), each against its own closest tests, then the score per module.
// `npm run mutation -- sms relay` runs only those; `npm run mutation -- --list` names them;
// `npm run mutation -- --events sms` sums up what a stopped run of a module tested before it ended.
// CPU heavy (one test process at a time) and not part of `npm test`. Stryker mutates the files in
// place and restores them at the end; after a killed run, `git status` and `git checkout` them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTATION_MODULES } from './mutation-modules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const [name, m] of Object.entries(MUTATION_MODULES)) console.log(`${name.padEnd(16)} ${m.about}`);
  process.exit(0);
}
if (args[0] === '--events') {
  // Each tested mutant as the event-recorder reporter wrote it (stryker.config.mjs).
  const dir = join(root, '.data/mutation', args[1] ?? 'all', 'events');
  const tested = readdirSync(dir)
    .filter((f) => f.endsWith('-onMutantTested.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const counts = {};
  for (const m of tested) counts[m.status] = (counts[m.status] ?? 0) + 1;
  console.log(counts);
  for (const m of tested.filter((t) => t.status === 'Survived' || t.status === 'NoCoverage'))
    console.log(`${m.status} ${m.fileName}:${m.location.start.line} ${m.mutatorName}: ${m.replacement}`);
  process.exit(0);
}
const unknown = args.filter((a) => !(a in MUTATION_MODULES));
if (unknown.length) {
  console.error(
    `Unknown module(s): ${unknown.join(', ')}. Known: ${Object.keys(MUTATION_MODULES).join(', ')}`,
  );
  process.exit(2);
}
const chosen = args.length ? args : Object.keys(MUTATION_MODULES);

/** Stryker's counts from its JSON report (schema: mutation-testing-report-schema). */
function score(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, other: 0 };
  for (const file of Object.values(report.files))
    for (const m of file.mutants) count[m.status in count ? m.status : 'other'] += 1;
  const detected = count.Killed + count.Timeout;
  const valid = detected + count.Survived + count.NoCoverage;
  return { ...count, total: valid, score: valid ? (100 * detected) / valid : Number.NaN };
}

const results = [];
let failed = false;
for (const name of chosen) {
  console.log(`\n=== mutation: ${name} (${MUTATION_MODULES[name].about}) ===`);
  const run = spawnSync('npx', ['stryker', 'run'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_MODULE: name },
  });
  const reportFile = join(root, '.data/mutation', name, 'report.json');
  if (run.status !== 0 || !existsSync(reportFile)) {
    failed = true;
    results.push({ name, error: `stryker exited with ${run.status ?? run.signal}` });
    continue;
  }
  results.push({ name, ...score(reportFile) });
}

console.log('\nmodule           mutants  killed  timeout  survived  no cov  score');
for (const r of results) {
  if (r.error) console.log(`${r.name.padEnd(16)} ${r.error}`);
  else
    console.log(
      `${r.name.padEnd(16)} ${String(r.total).padStart(7)} ${String(r.Killed).padStart(7)} ${String(r.Timeout).padStart(8)} ${String(r.Survived).padStart(9)} ${String(r.NoCoverage).padStart(7)}  ${r.score.toFixed(1)} %`,
    );
}
console.log('\nReports: .data/mutation/<module>/index.html');
process.exit(failed ? 1 : 0);
