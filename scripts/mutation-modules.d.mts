// Types of mutation-modules.mjs for vitest.mutation.config.ts (the table itself is plain JS, read by
// stryker.config.mjs and scripts/mutation.mjs too).
export declare const MUTATION_MODULES: Record<string, { about: string; mutate: string[]; tests: string[] }>;
