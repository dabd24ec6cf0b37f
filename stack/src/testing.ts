// `@oppslag/stack/testing`: the whole back end in the test process, for tests that cross every seam.
export * from './test-stack';
