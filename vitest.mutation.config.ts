import { defineConfig } from 'vitest/config';
import { MUTATION_MODULES } from './scripts/mutation-modules.mjs';

/**
 * The tests `npm run mutation` (StrykerJS) runs against mutants of the domain rules: per module of
 * scripts/mutation-modules.mjs, the tests closest to the rule (MUTATION_MODULE picks one module,
 * as scripts/mutation.mjs does; without it, all of them). Kept apart from vitest.config.ts so a
 * mutant never starts the browser suite; not part of `npm test`. `MUTATION_TESTS=a.test.ts,b.test.ts`
 * replaces the list, e.g. to measure a module against the tests it had before (docs/testing.md).
 */
const server = {
  environment: 'node' as const,
  // One module cache for the whole run: each mutant re-runs its tests without importing the API
  // again (mutants switch at run time, so cached modules are fine); as in vitest.config.ts, no
  // test here mocks a module.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  env: { PASSWORD_HASH_COST: 'test' },
};

const name = process.env.MUTATION_MODULE;
const modules = name ? [MUTATION_MODULES[name]] : Object.values(MUTATION_MODULES);
const chosen = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...server,
          name: 'mutation-rules',
          include: chosen ?? [...new Set(modules.flatMap((m) => m.tests))],
        },
      },
    ],
  },
});
