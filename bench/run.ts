// `npm run bench`: runs every registered benchmark module (or those named on the command line,
// e.g. `npm run bench -- api-entities`) one after another; each prints its own figures, and the
// outcomes are repeated at the end. Adding a benchmark: write bench/<name>.bench.ts exporting
// `run()` (see lib/bench.ts) and add one line to the registry below.
import type { BenchModule } from './lib/bench';

const registry: Record<string, () => Promise<BenchModule>> = {
  'api-entities': () => import('./api-entities.bench'),
  realtime: () => import('./realtime.bench'),
  alerts: () => import('./alerts.bench'),
  'display-content': () => import('./display-content.bench'),
  display: () => import('./display.bench'),
  sms: () => import('./sms.bench'),
  console: () => import('./console.bench'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !registry[name]);
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(registry).join(', ')}`);
  process.exit(2);
}

const outcomes: string[] = [];
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
  } catch (err) {
    crashed += 1;
    console.error(`=== ${name}: FAILED`, err);
    outcomes.push(`${name}: FAILED (${(err as Error).message})`);
  }
}
console.log(`\n=== summary ===\n${outcomes.join('\n\n')}`);
// A missed target is a figure to read, not a broken run; only a benchmark that crashed fails the command.
process.exit(crashed ? 1 : 0);
