// The load generator's thread: keeps `connections` keep-alive connections busy with back-to-back
// GET requests, first for a warm-up, then for the measured period, and reports every latency.
// It runs in a worker thread so the server under test never shares an event loop with its client.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { loadTally } from './load-tally.mjs';

const { url, headers, connections, durationMs, warmupMs } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function once() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    req.end();
  });
}

async function connectionLoop(until, record) {
  while (Date.now() < until) record(await once());
}

const all = (until, record) =>
  Promise.all(Array.from({ length: connections }, () => connectionLoop(until, record)));

await all(Date.now() + warmupMs, () => undefined);
const tally = loadTally();
// Tells the main thread that the measured period starts, so it can meter its own (server) CPU time.
parentPort.postMessage({ phase: 'measuring' });
const started = Date.now();
await all(started + durationMs, tally.record);
agent.destroy();
parentPort.postMessage(tally.done((Date.now() - started) / 1000));
