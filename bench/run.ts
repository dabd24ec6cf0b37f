// `npm run bench`: runs every registered benchmark module (or those named on the command line,
// e.g. `npm run bench -- api-entities`) one after another; each prints its own figures, and the
// outcomes are repeated at the end with one table of every row (figure, target, floor, met?) and
// the machine's load at the start and the end. Adding a benchmark: write bench/<name>.bench.ts
// exporting `run()` (see lib/bench.ts) and add one line to the registry below.
import { availableParallelism, loadavg } from 'node:os';
import { type BenchModule, type BenchRow, formatRows } from './lib/bench';

const registry: Record<string, () => Promise<BenchModule>> = {
  'api-entities': () => import('./api-entities.bench'),
  realtime: () => import('./realtime.bench'),
  'display-content': () => import('./display-content.bench'),
  display: () => import('./display.bench'),
  sms: () => import('./sms.bench'),
  'sms-drain': () => import('./sms-drain.bench'),
  console: () => import('./console.bench'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !registry[name]);
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(registry).join(', ')}`);
  process.exit(2);
}

// Every figure is taken on a shared machine: the load average says how much it was shared.
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min) on ${availableParallelism()} cores`;
const loadAtStart = load();
const runStarted = Date.now();
console.log(`bench started ${new Date().toISOString()}, ${loadAtStart}`);

const outcomes: string[] = [];
const rows: BenchRow[] = [];
let crashed = 0;
for (const name of wanted.length ? wanted : Object.keys(registry)) {
  const bench = await registry[name]();
  console.log(`\n=== ${name}${bench.description ? `: ${bench.description}` : ''} ===`);
  const started = Date.now();
  try {
    const outcome = await bench.run();
    const verdict = outcome ? (outcome.ok ? 'targets met' : 'targets NOT met') : 'done';
    console.log(`=== ${name}: ${verdict} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    outcomes.push(`${name}: ${verdict}${outcome?.summary ? `\n${outcome.summary}` : ''}`);
    rows.push(...(outcome?.rows ?? []));
  } catch (err) {
    crashed += 1;
    console.error(`=== ${name}: FAILED`, err);
    outcomes.push(`${name}: FAILED (${(err as Error).message})`);
  }
}
console.log(`\n=== summary ===\n${outcomes.join('\n\n')}`);
if (rows.length) console.log(`\n=== figures ===\n${formatRows(rows)}`);
console.log(
  `\nload at start: ${loadAtStart}\nload at end:   ${load()}\nwhole run ${((Date.now() - runStarted) / 1000).toFixed(0)} s`,
);
// A missed target is a figure to read, not a broken run; only a benchmark that crashed fails the command.
process.exit(crashed ? 1 : 0);
