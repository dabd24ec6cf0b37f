// The open-loop load generator's thread: sends the given requests on a fixed schedule (`rate` per
// second) whatever the answers do, as an SMS provider pushing webhooks does, first a warm-up share
// of them, then the measured rest. A request's latency runs from the moment it was due, not from
// when it left, so a server that stalls is charged for the requests queued behind the stall
// (no coordinated omission). Runs in a worker thread so the server under test never shares an
// event loop with its client.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { loadTally } from './load-tally.mjs';

const { url, requests, rate, warmupCount } = workerData;
const target = new URL(url);
// Open loop: a connection per request in flight, as many as the server's pace needs.
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function send(r, due) {
  return new Promise((resolve) => {
    const done = (status) => resolve({ status, ms: performance.now() - due });
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: r.method ?? 'POST',
        path: r.path,
        headers: r.headers,
        agent,
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode));
      },
    );
    req.on('error', () => done(0));
    req.end(r.body);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function phase(list, record) {
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < list.length; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0.5) await sleep(wait);
    inFlight.push(send(list[i], due).then(record));
  }
  await Promise.all(inFlight);
  return (performance.now() - started) / 1000;
}

await phase(requests.slice(0, warmupCount), () => undefined);
const tally = loadTally();
// Tells the main thread that the measured period starts, so it can meter its own (server) CPU time.
parentPort.postMessage({ phase: 'measuring' });
const seconds = await phase(requests.slice(warmupCount), tally.record);
agent.destroy();
parentPort.postMessage(tally.done(seconds));
