import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutation` (StrykerJS) runs against mutants of the domain rules: the unit tests
 * of the rule and the integration tests that pin it over HTTP or through the worker. Kept apart
 * from vitest.config.ts so a mutant never starts the browser suite; not part of `npm test`.
 */
const server = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  env: { PASSWORD_HASH_COST: 'test' },
};

const rules = [
  'common/src/permissions.test.ts',
  'common/src/notes.test.ts',
  'api/src/routes/entities/roles-on-one-chain.test.ts',
  'worker/src/processors/sms.processor.test.ts',
];

// One module at a time (docs/testing.md): `MUTATION_TESTS=a.test.ts,b.test.ts` narrows the run to
// the tests closest to the file given with `--mutate`, so the dry run stays short.
const chosen = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...server,
          name: 'mutation-rules',
          include: chosen ?? rules,
        },
      },
    ],
  },
});
