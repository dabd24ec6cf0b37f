import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load';

/** One request of an open-loop load, built before the load starts (e.g. a signed webhook). */
export interface OpenRequest {
  method?: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoadOptions {
  /** Origin of the server under test, e.g. http://127.0.0.1:1234 (each request brings its path). */
  url: string;
  /** Sent in order, `rate` per second; the first `warmupCount` are the warm-up, not measured. */
  requests: OpenRequest[];
  rate: number;
  warmupCount: number;
}

export interface OpenLoadResult extends LoadResult {
  /** Answers outside 2xx (or 0: connection error) by status. */
  failures: Record<string, number>;
}

/**
 * Runs an open-loop load (requests leave on schedule whatever the answers do, as a provider's
 * webhooks would) from a worker thread; the latency of each runs from when it was due. Like
 * `runLoad`, the CPU figure is this (main) thread's: the server under test must run on it.
 */
export function runOpenLoad(opts: OpenLoadOptions): Promise<OpenLoadResult> {
  const worker = new Worker(new URL('./open-load-worker.mjs', import.meta.url), {
    workerData: { url: opts.url, requests: opts.requests, rate: opts.rate, warmupCount: opts.warmupCount },
  });
  return new Promise((resolve, reject) => {
    let cpuAtStart = process.threadCpuUsage();
    worker.on(
      'message',
      (
        message: { phase: 'measuring' } | ({ phase: 'done' } & Omit<OpenLoadResult, 'serverCpuMsPerRequest'>),
      ) => {
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

/**
 * The floor of an open-loop POST load: a raw Node `http` server in this process that reads the
 * body and answers a small JSON, sent the same requests at the same rate by the same generator.
 */
export async function rawHttpOpenFloor(opts: Omit<OpenLoadOptions, 'url'>): Promise<OpenLoadResult> {
  const hello = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => hello.listen(0, '127.0.0.1', resolve));
  try {
    return await runOpenLoad({ ...opts, url: `http://127.0.0.1:${(hello.address() as AddressInfo).port}` });
  } finally {
    hello.close();
    hello.closeAllConnections();
  }
}
