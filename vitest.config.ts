import { availableParallelism, loadavg } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole workspace. Server tests hit real PostgreSQL and Redis; the
 * `api-pglite` project runs the API suite again on embedded PGlite. Browser tests live in `e2e`.
 *
 * Speed: server test files mostly wait on PostgreSQL, Redis and sockets, so they run several at a
 * time even on two cores (Vitest's default is cores - 1, i.e. one file at a time there). Each test
 * server has its own database, Redis prefix, data directory and random port, and hashes passwords
 * at the cheapest argon2 cost (PASSWORD_HASH_COST=test, refused in production). Server files share
 * their worker's module cache (`isolate: false`): every file imported the whole API again, which was
 * most of their time; none mocks modules (keep it so: use the deps seams), and the two e2e files
 * that stub a global (fetch, localStorage for player engines in Node) restore it in afterAll.
 * Web app tests run in Node unless they render (`.test.tsx`) or say `@vitest-environment jsdom`.
 */
const maxWorkers = Number(
  process.env.VITEST_MAX_WORKERS ?? Math.max(3, Math.min(6, availableParallelism() * 2)),
);
/**
 * Browser files at once: two on a machine of its own (`npm test`'s own checks put the load at 3–4
 * on two cores), one when other work loads it (load average above four per core when Vitest
 * starts). Two at once passed (display, note-pages, notes, live at load 21–37); four at once beside
 * the server files failed in files that pass alone (display, health, content-banners at load
 * 40–54). Only the schedule adapts; no timeout or assertion does. VITEST_E2E_WORKERS overrides.
 */
const e2eWorkers = Number(
  process.env.VITEST_E2E_WORKERS ?? (loadavg()[0] > 4 * availableParallelism() ? 1 : Math.min(2, maxWorkers)),
);
const serverTest = {
  environment: 'node' as const,
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { PASSWORD_HASH_COST: 'test' },
};
/** A web app's tests: pure logic in Node, React rendering in jsdom. */
const webApp = (name: string) => [
  { test: { name: `${name}-logic`, environment: 'node' as const, include: [`${name}/src/**/*.test.ts`] } },
  { test: { name, environment: 'jsdom' as const, include: [`${name}/src/**/*.test.tsx`] } },
];

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      { test: { ...serverTest, name: 'common', include: ['common/src/**/*.test.ts'] } },
      { test: { ...serverTest, name: 'api', include: ['api/src/**/*.test.ts'] } },
      {
        test: {
          ...serverTest,
          name: 'api-pglite',
          include: ['api/src/routes/**/*.test.ts'],
          env: { ...serverTest.env, TEST_DB_DRIVER: 'pglite' },
        },
      },
      { test: { ...serverTest, name: 'worker', include: ['worker/src/**/*.test.ts'] } },
      { test: { ...serverTest, name: 'realtime', include: ['realtime/src/**/*.test.ts'] } },
      ...webApp('console'),
      ...webApp('display'),
      { test: { ...serverTest, name: 'deploy', include: ['k8s/**/*.test.ts'] } },
      // Checks over the source itself (runtime import cycles, the `as` cast ceiling).
      { test: { name: 'code', environment: 'node' as const, include: ['scripts/code-checks/**/*.test.ts'] } },
      {
        test: {
          ...serverTest,
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // One Chromium for the run; each file connects to it (e2e/support/chromium.ts).
          globalSetup: ['e2e/support/chromium-server.ts'],
          // Each file drives Chromium against its own stack, so files can run side by side
          // (e2eWorkers above), in a group of their own after the server files: four at once beside
          // the server files timed out on Playwright's 15 s waits at load 45 on two cores.
          maxWorkers: e2eWorkers,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
