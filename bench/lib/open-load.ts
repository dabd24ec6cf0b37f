import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LoadResult, meteredLoad } from './load';

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

/**
 * Runs an open-loop load (requests leave on schedule whatever the answers do, as a provider's
 * webhooks would) from a worker thread; the latency of each runs from when it was due. Like
 * `runLoad`, the CPU figure is this (main) thread's: the server under test must run on it.
 */
export function runOpenLoad(opts: OpenLoadOptions): Promise<LoadResult> {
  return meteredLoad(new URL('./open-load-worker.mjs', import.meta.url), {
    url: opts.url,
    requests: opts.requests,
    rate: opts.rate,
    warmupCount: opts.warmupCount,
  });
}

/**
 * The floor of an open-loop POST load: a raw Node `http` server in this process that reads the
 * body and answers a small JSON, sent the same requests at the same rate by the same generator.
 */
export async function rawHttpOpenFloor(opts: Omit<OpenLoadOptions, 'url'>): Promise<LoadResult> {
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
