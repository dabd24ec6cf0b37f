// `npm run mutation`: StrykerJS over the domain rules (see docs/testing.md). CPU heavy: one test
// process at a time, and only the files and line ranges below are mutated. Not part of `npm test`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'common/src/permissions.ts',
    'common/src/notes.ts',
    // The SMS auto-approve rule: senderStanding().
    'worker/src/processors/sms.processor.ts:32-53',
  ],
  // Workspace packages resolve through node_modules symlinks to the real sources, which a sandbox
  // copy would not mutate; Stryker restores every file when it ends.
  inPlace: true,
  concurrency: 1,
  coverageAnalysis: 'perTest',
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.data/mutation/index.html' },
  jsonReporter: { fileName: '.data/mutation/report.json' },
  tempDirName: '.data/stryker-tmp',
  cleanTempDir: 'always',
};
