// StrykerJS over the domain rules (docs/testing.md). `npm run mutation` (scripts/mutation.mjs) runs
// it once per module of scripts/mutation-modules.mjs with MUTATION_MODULE set; `npx stryker run`
// alone mutates every module against all their tests. CPU heavy: one test process at a time.
import { MUTATION_MODULES } from './scripts/mutation-modules.mjs';

const name = process.env.MUTATION_MODULE;
const modules = name ? [MUTATION_MODULES[name]] : Object.values(MUTATION_MODULES);
if (modules.includes(undefined)) throw new Error(`Unknown MUTATION_MODULE "${name}"`);
const out = `.data/mutation/${name ?? 'all'}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: modules.flatMap((m) => m.mutate),
  // Workspace packages resolve through node_modules symlinks to the real sources, which a sandbox
  // copy would not mutate; Stryker restores every file when it ends.
  inPlace: true,
  // Stryker would otherwise add `// @ts-nocheck` to every source file of the repository for the
  // run (and rewrite them, dropping the executable bit of scripts); Vitest does not type-check, so
  // only the mutated files are touched.
  disableTypeChecks: false,
  concurrency: 1,
  coverageAnalysis: 'perTest',
  timeoutMS: 60_000,
  // event-recorder writes each mutant's result as it is tested, so a run stopped at its time box
  // still says what survived (`node scripts/mutation.mjs --events <module>`).
  reporters: ['clear-text', 'progress', 'html', 'json', 'event-recorder'],
  eventReporter: { baseDir: `${out}/events` },
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/report.json` },
  tempDirName: '.data/stryker-tmp',
  cleanTempDir: 'always',
};
