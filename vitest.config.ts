import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole workspace. Server tests hit real PostgreSQL and Redis; the
 * `api-pglite` project runs the API suite again on embedded PGlite. Browser tests live in `e2e`.
 */
const serverTest = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { ...serverTest, name: 'common', include: ['common/src/**/*.test.ts'] } },
      { test: { ...serverTest, name: 'api', include: ['api/src/**/*.test.ts'] } },
      {
        test: {
          ...serverTest,
          name: 'api-pglite',
          include: ['api/src/routes/**/*.test.ts'],
          env: { TEST_DB_DRIVER: 'pglite' },
        },
      },
      { test: { ...serverTest, name: 'worker', include: ['worker/src/**/*.test.ts'] } },
      { test: { ...serverTest, name: 'realtime', include: ['realtime/src/**/*.test.ts'] } },
      {
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['console/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'display',
          environment: 'jsdom',
          include: ['display/src/**/*.test.{ts,tsx}'],
        },
      },
      { test: { ...serverTest, name: 'deploy', include: ['k8s/**/*.test.ts'] } },
      {
        test: {
          ...serverTest,
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
