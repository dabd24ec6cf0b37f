import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** Concurrent keep-alive connections, each sending its next request as soon as the last answers. */
  connections?: number;
  durationMs?: number;
  warmupMs?: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  /** Latencies in milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** Connection errors, and answers outside 2xx; a run with either is not a valid figure. */
  errors: number;
  non2xx: number;
  /** Answers outside 2xx (or 0: connection error) by status. */
  failures: Record<string, number>;
  /**
   * CPU time of this process's main thread (the servers under test) per request: unlike latency and
   * throughput, it barely moves when other work on the machine competes for the cores.
   */
  serverCpuMsPerRequest: number;
}

/**
 * Runs a closed-loop GET load against `url` from a worker thread and returns throughput and latency.
 * The server under test must run on the calling (main) thread for the CPU figure to mean anything.
 */
export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  return meteredLoad(new URL('./load-worker.mjs', import.meta.url), {
    url: opts.url,
    headers: opts.headers ?? {},
    connections: opts.connections ?? 50,
    durationMs: opts.durationMs ?? 10_000,
    warmupMs: opts.warmupMs ?? 2_000,
  });
}

/**
 * Runs a load generator (`script`, a worker thread posting `measuring` when its measured period
 * starts and its tally when it ends: load-tally.mjs) and meters this thread's CPU over that period.
 */
export function meteredLoad(script: URL, workerData: unknown): Promise<LoadResult> {
  const worker = new Worker(script, { workerData });
  return new Promise((resolve, reject) => {
    let cpuAtStart = process.threadCpuUsage();
    worker.on(
      'message',
      (message: { phase: 'measuring' } | ({ phase: 'done' } & Omit<LoadResult, 'serverCpuMsPerRequest'>)) => {
        if (message.phase === 'measuring') {
          cpuAtStart = process.threadCpuUsage();
          return;
        }
        const used = process.threadCpuUsage(cpuAtStart);
        const { phase: _phase, ...result } = message;
        resolve({
          ...result,
          serverCpuMsPerRequest: (used.user + used.system) / 1000 / Math.max(1, result.requests),
        });
        void worker.terminate();
      },
    );
    worker.once('error', reject);
  });
}

/** One aligned line of figures. */
export function formatResult(label: string, r: LoadResult): string {
  const cols = [
    label.padEnd(34),
    `${r.rps.toFixed(0).padStart(7)} req/s`,
    `p50 ${r.p50.toFixed(2).padStart(7)} ms`,
    `p99 ${r.p99.toFixed(2).padStart(7)} ms`,
    `max ${r.max.toFixed(1).padStart(7)} ms`,
    `server cpu ${r.serverCpuMsPerRequest.toFixed(3).padStart(6)} ms/req`,
    `${r.requests} requests`,
  ];
  if (r.errors || r.non2xx) cols.push(`(${r.errors} errors, ${r.non2xx} non-2xx)`);
  return cols.join('  ');
}
