// A load-generator process: many display connections speaking the Engine.IO v4 / Socket.IO v5
// wire protocol over a bare `ws` socket (what socket.io-client sends, without its per-socket
// machinery), so that thousands of screens cost this process little and the gateway is what is
// measured. Several of these run side by side (bench/lib/clients.ts), each with its share of the
// display tokens; they report arrival times on the system's monotonic clock
// (`process.hrtime`, CLOCK_MONOTONIC, the same in every process on the machine).
//
// Messages from the parent (IPC):
//   { type: 'connect', url, tokens, raw?, concurrency? }   → { type: 'connected', connected, failed, ms }
//                                                          (adds to the displays already connected)
//   { type: 'watch', events: string[] }                    events whose arrivals are recorded
//   { type: 'partial' }                                    → { type: 'partial', counts: {id: n} }
//   { type: 'fetch', apiUrl }                              each display fetches its content once (keeps the ETag)
//                                                          → { type: 'fetched', ok, failed }
//   { type: 'storm', apiUrl, url }                         from now on a dropped socket reconnects (to url) with the
//                                                          player's backoff and refetches its content
//                                                          → { type: 'storm', served, errors, lastServedAt, statuses,
//                                                              failures, openMs, tcpMs, attempts }
//   { type: 'close' }                                      closes every socket and exits
// and to it: { type: 'arrived', event, id, times: number[] } once every socket of this process has it.
import http from 'node:http';
import WebSocket from 'ws';

const now = () => Number(process.hrtime.bigint()) / 1e6;
const send = (msg) => process.send?.(msg);

/** @type {{ ws: WebSocket | null, token: string, etag: string | null, connected: boolean, attempt: number }[]} */
const displays = [];
let target = { url: '', raw: false };
const watched = new Set();
/** Event id → arrival times at this process's sockets. */
const arrivals = new Map();
let storm = null;

// `42["name",{"id":"…"` (the gateway's envelopes put `id` first); anything else is not timed.
const EVENT = /^42\["([^"]+)",\{"id":"([^"]+)"/;

function onEvent(text) {
  const m = EVENT.exec(text);
  if (!m || !watched.has(m[1])) return;
  const at = now();
  let list = arrivals.get(m[2]);
  if (!list) {
    list = [];
    arrivals.set(m[2], list);
  }
  list.push(at);
  if (list.length === displays.length) {
    arrivals.delete(m[2]);
    send({ type: 'arrived', event: m[1], id: m[2], times: list });
  }
}

/** The player's connect timeout (socket.io-client's `timeout`, 20 s): an open not acknowledged by then is abandoned. */
const OPEN_TIMEOUT_MS = 20_000;

/** Why a failed open or refetch failed: the error code (ECONNREFUSED, ECONNRESET…), the HTTP status, or what happened. */
function reasonOf(err) {
  if (err?.code) return err.code;
  const http = /Unexpected server response: (\d+)/.exec(err?.message ?? '');
  return http ? `HTTP ${http[1]}` : (err?.message ?? 'error');
}

/**
 * Opens one display's connection; resolves true once the namespace connect is acknowledged. In
 * the storm, a failed open is counted by its reason and a successful one by how long it took (a
 * connect that waited for the kernel's SYN retransmission takes ≥ 1 s: the listen queue was full).
 */
function open(d) {
  return new Promise((resolve) => {
    const base = target.url.replace(/^http/, 'ws');
    const ws = new WebSocket(target.raw ? base : `${base}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: false,
    });
    d.ws = ws;
    // Opened during the storm (the drop of every screen when the first gateway dies is not counted).
    const inStorm = Boolean(storm);
    const started = now();
    // The TCP connect alone (from the request's socket): a connect ≥ 1 s waited for the kernel's
    // SYN retransmission (the listener's queue was full); the rest of a slow open is the gateway.
    ws._req?.once('socket', (socket) =>
      socket.once('connect', () => {
        if (storm && inStorm) storm.tcpMs[bucketOf(now() - started)] += 1;
      }),
    );
    let settled = false;
    const timer = setTimeout(() => {
      settle(false, 'timeout');
      ws.terminate();
    }, OPEN_TIMEOUT_MS);
    const settle = (ok, reason) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      d.connected = ok;
      if (storm) {
        if (ok) storm.openMs[bucketOf(now() - started)] += 1;
        else count(storm.failures, `open: ${reason}`);
      }
      resolve(ok);
    };
    ws.on('open', () => {
      if (target.raw) settle(true);
    });
    ws.on('message', (data) => {
      const text = data.toString();
      const type = text.charCodeAt(0);
      if (type === 0x32 /* '2' ping */) return ws.send('3');
      if (type === 0x30 /* '0' open */) return ws.send(`40${JSON.stringify({ token: d.token })}`);
      if (text.startsWith('40')) return settle(true);
      if (text.startsWith('44')) {
        settle(false, 'connect_error (44)');
        return ws.close();
      }
      onEvent(text);
    });
    ws.on('error', (err) => settle(false, reasonOf(err)));
    ws.on('close', (code) => {
      // A connected screen dropped during the storm is counted too (it goes back to the backoff).
      if (settled && d.connected && storm && inStorm)
        count(storm.failures, `dropped after connect (close ${code})`);
      settle(false, `closed before the connect ack (close ${code})`);
      d.connected = false;
      if (storm && d.ws === ws) reconnectLater(d);
    });
  });
}

const count = (map, key) => {
  map[key] = (map[key] ?? 0) + 1;
};
/** Successful opens by duration: < 1 s, 1–3 s (one SYN retransmission), 3–7 s (two), ≥ 7 s. */
const OPEN_BUCKETS = ['<1s', '1-3s', '3-7s', '>=7s'];
const bucketOf = (ms) => (ms < 1000 ? 0 : ms < 3000 ? 1 : ms < 7000 ? 2 : 3);

async function connectAll(batch, concurrency) {
  let next = 0;
  let failed = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batch.length) {
        const d = batch[next++];
        if (!(await open(d))) failed += 1;
      }
    }),
  );
  return { connected: batch.length - failed, failed, ms: now() - started };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/**
 * GET /api/display/content with the display's token and ETag, as the player does after
 * (re)connecting. A request that fails on a kept-alive socket the server had just closed is sent
 * once more, as a browser does for an idempotent request (Node's documented `reusedSocket` retry);
 * any other network error is an error.
 */
async function fetchContent(apiUrl, d) {
  const first = await fetchOnce(apiUrl, d);
  return first.status === 0 && first.reused ? (await fetchOnce(apiUrl, d)).status : first.status;
}

function fetchOnce(apiUrl, d) {
  return new Promise((resolve) => {
    const u = new URL('/api/display/content', apiUrl);
    const headers = { authorization: `Bearer ${d.token}` };
    if (d.etag) headers['if-none-match'] = d.etag;
    const req = http.get({ host: u.hostname, port: u.port, path: u.pathname, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.headers.etag) d.etag = res.headers.etag;
        resolve({ status: res.statusCode ?? 0, reused: false });
      });
    });
    req.on('error', (err) => {
      if (storm)
        count(storm.failures, `refetch${req.reusedSocket ? ' (reused socket)' : ''}: ${reasonOf(err)}`);
      resolve({ status: 0, reused: req.reusedSocket });
    });
  });
}

// The player's backoff (display/src/realtime/socket.ts): 1 s doubling to 30 s, ±50 % jitter.
function reconnectLater(d) {
  const delay = Math.min(30_000, 1000 * 2 ** d.attempt) * (0.5 + Math.random());
  d.attempt += 1;
  setTimeout(async () => {
    if (!storm) return;
    if (!(await open(d))) return; // its close handler schedules the next attempt
    const attempts = d.attempt;
    d.attempt = 0;
    const status = await fetchContent(storm.apiUrl, d);
    count(storm.statuses, status);
    count(storm.attempts, attempts);
    if (status !== 0 && status !== 200 && status !== 304) count(storm.failures, `refetch: HTTP ${status}`);
    if (status === 200 || status === 304) {
      storm.served += 1;
      storm.lastServedAt = now();
    } else storm.errors += 1;
    if (storm.served + storm.errors === displays.length) report();
  }, delay);
}

function report() {
  send({
    type: 'storm',
    served: storm.served,
    errors: storm.errors,
    lastServedAt: storm.lastServedAt,
    statuses: storm.statuses,
    failures: storm.failures,
    openMs: Object.fromEntries(OPEN_BUCKETS.map((b, i) => [b, storm.openMs[i]])),
    tcpMs: Object.fromEntries(OPEN_BUCKETS.map((b, i) => [b, storm.tcpMs[i]])),
    attempts: storm.attempts,
  });
}

process.on('message', async (msg) => {
  if (msg.type === 'connect') {
    // A second `connect` adds displays to those already connected (to the same target).
    target = { url: msg.url, raw: Boolean(msg.raw) };
    const batch = msg.tokens.map((token) => ({ ws: null, token, etag: null, connected: false, attempt: 0 }));
    displays.push(...batch);
    send({ type: 'connected', ...(await connectAll(batch, msg.concurrency ?? 64)) });
  } else if (msg.type === 'watch') {
    watched.clear();
    for (const e of msg.events) watched.add(e);
  } else if (msg.type === 'partial') {
    send({ type: 'partial', counts: Object.fromEntries([...arrivals].map(([id, l]) => [id, l.length])) });
    arrivals.clear();
  } else if (msg.type === 'fetch') {
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < displays.length) {
          const status = await fetchContent(msg.apiUrl, displays[next++]);
          if (status !== 200) failed += 1;
        }
      }),
    );
    send({ type: 'fetched', ok: displays.length - failed, failed });
  } else if (msg.type === 'storm') {
    // Screens reconnect to `url` (the gateway that stays, behind the same address in production).
    if (msg.url) target.url = msg.url;
    storm = {
      apiUrl: msg.apiUrl,
      served: 0,
      errors: 0,
      lastServedAt: 0,
      statuses: {},
      /** Failed opens and refetches by reason ('open: ECONNRESET', 'refetch: HTTP 503', …). */
      failures: {},
      /** Successful opens by how long they took (OPEN_BUCKETS). */
      openMs: OPEN_BUCKETS.map(() => 0),
      /** TCP connects (of every open, failed or not) by how long they took. */
      tcpMs: OPEN_BUCKETS.map(() => 0),
      /** Served screens by the number of opens it took. */
      attempts: {},
    };
  } else if (msg.type === 'stormReport') {
    report();
  } else if (msg.type === 'close') {
    storm = null;
    for (const d of displays) d.ws?.terminate();
    agent.destroy();
    process.exit(0);
  }
});
send({ type: 'ready' });
