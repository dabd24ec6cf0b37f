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

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...server,
          name: 'mutation-rules',
          include: [
            'common/src/permissions.test.ts',
            'common/src/notes.test.ts',
            'api/src/routes/entities/roles-on-one-chain.test.ts',
            'worker/src/processors/sms.processor.test.ts',
          ],
        },
      },
    ],
  },
});
