// `npm test`: lint and format check, type check, production builds of the two web apps, then every
// Vitest project (unit, HTTP and Socket.IO integration on PostgreSQL/Redis and PGlite, browser e2e).
// The four checks run at once (none needs another's output; tsc's single thread and Vite's waits on
// the disk leave the second core idle when they run one after another), each printing its output
// when it ends so the logs stay readable. Vitest needs only the builds (its e2e files serve them),
// so it starts as soon as they are done, while lint and `tsc -b` (the longest check, over a minute
// cold) go on beside it; the run fails if any of them fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const step = (title: string, cmd: string, args: string[]) => {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(
    `=== ${title}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return res.status === 0;
};

/**
 * Debian packages the tests drive: Chromium for browser tests. (The compose file is checked by
 * parsing it, k8s/manifests.test.ts: installing docker-compose pulled in Docker Engine, 46 packages.)
 */
function ensureDebianTools() {
  const missing = [!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH ? 'chromium' : null].filter(
    Boolean,
  );
  if (missing.length && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    step(`install ${missing.join(', ')} (Debian packages)`, 'sh', [
      '-c',
      `apt-get update -qq && apt-get install -y -qq ${missing.join(' ')}`,
    ]);
  }
}

/** A step run alongside others: its output is held and printed whole when it ends. */
const concurrentStep = (title: string, cmd: string, args: string[]) =>
  new Promise<boolean>((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    const end = (ok: boolean) => {
      console.log(`\n=== ${title} ===`);
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(ok);
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });

/** Vitest with its output live (the checks still running print theirs whole when they end). */
const concurrentVitest = (args: string[]) =>
  new Promise<boolean>((resolve) => {
    console.log('\n=== vitest ===');
    const started = Date.now();
    const child = spawn('vitest', args, { stdio: 'inherit' });
    const end = (ok: boolean) => {
      console.log(`=== vitest: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(ok);
    };
    child.on('error', () => end(false));
    child.on('close', (code) => end(code === 0));
  });

const failures: string[] = [];
const webApps = ['console', 'display'].filter((w) => existsSync(`${w}/index.html`));
const checks: [string, string, string, string[]][] = [
  ['lint', 'lint (biome)', 'biome', ['check', '.']],
  ['typecheck', 'typecheck (tsc -b, per package)', 'tsc', ['-b']],
  ...webApps.map((w): [string, string, string, string[]] => [
    `build ${w}`,
    `build ${w}`,
    'npm',
    ['run', 'build', '-w', `@oppslag/${w}`],
  ]),
];
const checksStarted = Date.now();
const running = checks.map(([, title, cmd, args]) => concurrentStep(title, cmd, args));
const allChecks = Promise.all(running).then((results) => {
  console.log(`=== checks together: ${((Date.now() - checksStarted) / 1000).toFixed(1)} s`);
  return results;
});
// The builds first: the e2e files serve them (and would build them themselves, racing these).
await Promise.all(running.filter((_, i) => checks[i][0].startsWith('build ')));
ensureDebianTools();
mkdirSync('.data', { recursive: true });
const vitestOk = await concurrentVitest([
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.data/vitest-report.json',
  ...process.argv.slice(2),
]);
(await allChecks).forEach((ok, i) => {
  if (!ok) failures.push(checks[i][0]);
});
if (!vitestOk) failures.push('vitest');

let passed = 0;
let failed = 0;
if (existsSync('.data/vitest-report.json')) {
  const report = JSON.parse(readFileSync('.data/vitest-report.json', 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
}
// A step that failed without a failing test (lint, a build, a crashed test file) counts as one failure.
failed += failures.filter((f) => f !== 'vitest' || failed === 0).length;
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
