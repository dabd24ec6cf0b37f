// `@oppslag/stack`: the composition root. The three server packages know nothing of each other
// beyond `@oppslag/api/core`; this package is where they meet in one process.
export * from './compose';
