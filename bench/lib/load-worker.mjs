// The load generator's thread: keeps `connections` keep-alive connections busy with back-to-back
// GET requests, first for a warm-up, then for the measured period, and reports every latency.
// It runs in a worker thread so the server under test never shares an event loop with its client.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

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
const latencies = [];
let errors = 0;
let non2xx = 0;
// Tells the main thread that the measured period starts, so it can meter its own (server) CPU time.
parentPort.postMessage({ phase: 'measuring' });
const started = Date.now();
await all(started + durationMs, (r) => {
  if (r.status === 0) errors += 1;
  else if (r.status < 200 || r.status >= 300) non2xx += 1;
  latencies.push(r.ms);
});
const seconds = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const quantile = (q) =>
  latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0;
agent.destroy();
parentPort.postMessage({
  phase: 'done',
  requests: latencies.length,
  seconds,
  rps: latencies.length / seconds,
  p50: quantile(0.5),
  p99: quantile(0.99),
  max: latencies.at(-1) ?? 0,
  errors,
  non2xx,
});
