/**
 * A benchmark module, `bench/<name>.bench.ts`: it exports `run()` (and optionally `description`).
 * `run` starts what it measures, prints its figures, cleans up everything it started, and may
 * answer whether its targets were met with a summary to repeat at the end of the whole run.
 */
export interface BenchOutcome {
  ok: boolean;
  summary?: string;
}

export interface BenchModule {
  description?: string;
  run(): Promise<BenchOutcome | undefined>;
}
