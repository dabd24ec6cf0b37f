// Bench: the live path, on the production topology: the API with the outbox relay in one process,
// the Socket.IO gateway in another (so its CPU time and heap are its own), and the screens in
// several load-generator processes speaking the Socket.IO wire protocol (bench/lib/clients.ts).
// At 1,000 and then 10,000 connected displays: change-to-screen (a note written through the API →
// `note.created` at every screen), alert-to-screen (issue 16), fan-out in recipient messages per
// CPU-second of the gateway, heap per connected display; then the reconnect storm (the gateway is
// killed and restarted; every screen reconnects with the player's backoff and refetches its
// content with its ETag). Floors: `net` loopback and Redis PING round trips, BullMQ pickup, and a
// raw `ws` server broadcasting a message of the same size to the same clients.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, connect as netConnect } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { clearRedisPrefix, TEST_REDIS_URL } from '@oppslag/api/testing';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type BenchOutcome, type BenchRow, row } from './lib/bench';
import { clock, DisplayClients } from './lib/clients';
import { cpuSeconds, type Served, startChild } from './lib/ipc';

export const description =
  'API write → screens at 1,000 and 10,000 displays, gateway fan-out per CPU-second, heap per display, reconnect storm; floors';
const DISPLAYS = Number(process.env.BENCH_DISPLAYS ?? 10_000);
const SMALL = Math.min(DISPLAYS, 1000);
const LATENCY_WRITES = Number(process.env.BENCH_LATENCY_WRITES ?? 40);
const BURST_WRITES = Number(process.env.BENCH_BURST_WRITES ?? 100);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 20);
/** A note's display payload is about this long on the wire; the raw `ws` floor sends the same. */
const MESSAGE_BYTES = 330;
/** Issue 15 (notes), issue 16 (alerts). */
const TARGETS = {
  p99Small: 50,
  p99Large: 250,
  perCpuSecond: 100_000,
  heapKiB: 8,
  alertP99: 1000,
  stormSeconds: 30,
};

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
export const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
};
export const ms = (v: number) => `${v.toFixed(2)} ms`;
const k = (n: number) => n.toLocaleString('en-US');

/**
 * The kernel's TCP listen-queue counters (/proc/net/netstat): ListenOverflows/ListenDrops count
 * connections dropped because a listener's accept queue (its backlog) was full; SyncookiesSent
 * SYNs answered with a cookie because the SYN queue was. Empty where /proc is not Linux's.
 */
function listenQueueCounters(): Record<string, number> {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const i = lines.findIndex((l) => l.startsWith('TcpExt:'));
    const names = lines[i].split(/\s+/).slice(1);
    const values = lines[i + 1].split(/\s+/).slice(1).map(Number);
    const wanted = ['ListenOverflows', 'ListenDrops', 'SyncookiesSent', 'TCPReqQFullDrop'];
    return Object.fromEntries(wanted.map((w) => [w, values[names.indexOf(w)] ?? 0]));
  } catch {
    return {};
  }
}

async function netRoundTrip(samples = 2000): Promise<number[]> {
  const server = createServer((s) => s.on('data', (d) => s.write(d)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const client = netConnect((server.address() as { port: number }).port, '127.0.0.1');
  client.setNoDelay(true);
  await new Promise((r) => client.once('connect', r));
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await new Promise<void>((r) => {
      client.once('data', () => r());
      client.write('x');
    });
    out.push(performance.now() - t);
  }
  client.destroy();
  server.close();
  return out;
}

async function redisRoundTrip(samples = 2000): Promise<number[]> {
  const redis = new Redis(TEST_REDIS_URL);
  await redis.ping();
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await redis.ping();
    out.push(performance.now() - t);
  }
  redis.disconnect();
  return out;
}

/** Time from `queue.add` returning to the job's processor starting, one job at a time. */
async function bullmqPickup(samples = 300): Promise<number[]> {
  const prefix = `oppslag-bench-${randomBytes(4).toString('hex')}`;
  const queue = new Queue('pickup', { connection: new Redis(TEST_REDIS_URL), prefix });
  let started: ((at: number) => void) | null = null;
  const worker = new Worker(
    'pickup',
    async () => {
      started?.(performance.now());
    },
    { connection: new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null }), prefix },
  );
  await worker.waitUntilReady();
  await new Promise((r) => setTimeout(r, 200));
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const picked = new Promise<number>((r) => {
      started = r;
    });
    const t = performance.now();
    await queue.add('job', { i }, { removeOnComplete: true });
    out.push((await picked) - t);
  }
  await worker.close();
  await queue.close();
  const redis = new Redis(TEST_REDIS_URL);
  await clearRedisPrefix(redis, prefix);
  redis.disconnect();
  return out;
}

/** Latency of one-at-a-time sends: each recipient's arrival minus the moment the send started. */
async function latencies(
  clients: DisplayClients,
  count: number,
  send: (i: number) => Promise<void>,
  pauseMs = 20,
): Promise<{ p50: number; p99: number; max: number; lost: number }> {
  const all: number[] = [];
  let lost = 0;
  for (let i = 0; i < count; i++) {
    clients.reset();
    const sent = clock();
    await send(i);
    const r = await clients.waitComplete(1, 15_000);
    lost += r.lost;
    for (const a of r.events.values()) for (const at of a.times) all.push(at - sent);
    await new Promise((res) => setTimeout(res, pauseMs));
  }
  return { ...stats(all), lost };
}

/** A burst of sends; the CPU time `cpu()` reports from the first until every screen has them all. */
async function burst(
  clients: DisplayClients,
  count: number,
  send: (i: number) => Promise<void>,
  cpu: () => Promise<NodeJS.CpuUsage>,
) {
  clients.reset();
  const before = cpuSeconds(await cpu());
  const started = clock();
  for (let i = 0; i < count; i += 10)
    await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => send(i + j)));
  const { events, lost } = await clients.waitComplete(count, 120_000);
  const wallS = (clock() - started) / 1000;
  const cpuS = cpuSeconds(await cpu()) - before;
  const delivered = [...events.values()].reduce((n, a) => n + a.times.length, 0);
  return { delivered, cpuS, wallS, perCpuSecond: delivered / cpuS, lost };
}

interface Floor {
  p99: number;
  perCpuSecond: number;
  heapKiB: number;
}

/** The raw `ws` floor at `sizes` connected clients (grown in place). */
async function rawWsFloor(sizes: number[], out: (l: string) => void): Promise<Map<number, Floor>> {
  const server = await startChild<{ url: string }>(
    fileURLToPath(new URL('./lib/ws-floor.mjs', import.meta.url)),
    { execArgv: ['--expose-gc'] },
  );
  const clients = await DisplayClients.start();
  const results = new Map<number, Floor>();
  try {
    clients.watch(['bench.floor']);
    const heapBefore = await server.ask<number>('heap');
    let seq = 0;
    const broadcast = async () => {
      await server.ask('broadcast', { id: `floor-${++seq}`, size: MESSAGE_BYTES });
    };
    for (const size of sizes) {
      const tokens = Array.from({ length: size - clients.total }, () => '');
      await clients.connect(server.info.url, tokens, { raw: true });
      const n = await server.ask<number>('sockets');
      const heapKiB = ((await server.ask<number>('heap')) - heapBefore) / n / 1024;
      await latencies(clients, 5, broadcast); // warm-up
      const lat = await latencies(clients, 20, broadcast);
      const fan = await burst(clients, n >= 10_000 ? 30 : BURST_WRITES, broadcast, () =>
        server.ask<NodeJS.CpuUsage>('cpu'),
      );
      out(
        `floor: raw ws broadcast (${MESSAGE_BYTES} B) to ${k(n)} sockets: p50 ${ms(lat.p50)} p99 ${ms(lat.p99)}; ${k(Math.round(fan.perCpuSecond))} recipient messages per CPU-second; heap ${heapKiB.toFixed(1)} KiB per connection`,
      );
      results.set(size, { p99: lat.p99, perCpuSecond: fan.perCpuSecond, heapKiB });
    }
  } finally {
    clients.close();
    await server.close();
  }
  return results;
}

interface BackendInfo {
  url: string;
  orgId: number;
  groupAId: number;
  groupA: number;
  ownerToken: string;
  displayTokens: string[];
  gatewayEnv: Record<string, string>;
}

const startGateway = (env: Record<string, string>) =>
  startChild<{ url: string }>(fileURLToPath(new URL('./gateway-process.ts', import.meta.url)), {
    env: { ...env, PORT: '0' },
    // BENCH_GATEWAY_PROF=dir writes a CPU profile of each fan-out burst there (Chrome DevTools opens it).
  });

export async function run(): Promise<BenchOutcome> {
  const lines: string[] = [];
  const out = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const rows: BenchRow[] = [];

  const net = stats(await netRoundTrip());
  out(`floor: net loopback round trip p50 ${ms(net.p50)} p99 ${ms(net.p99)}`);
  const ping = stats(await redisRoundTrip());
  out(`floor: Redis PING round trip p50 ${ms(ping.p50)} p99 ${ms(ping.p99)}`);
  const pickup = stats(await bullmqPickup());
  out(
    `floor: BullMQ pickup (add → processor start) p50 ${ms(pickup.p50)} p99 ${ms(pickup.p99)} max ${ms(pickup.max)}`,
  );
  const sizes = DISPLAYS > SMALL ? [SMALL, DISPLAYS] : [SMALL];
  // BENCH_FLOORS=0 skips the raw ws floor (when iterating on the gateway alone).
  // BENCH_STORM_ONLY=1 connects the screens and runs the reconnect storm alone (when iterating on it).
  const stormOnly = process.env.BENCH_STORM_ONLY === '1';
  const floors =
    process.env.BENCH_FLOORS === '0' || stormOnly ? new Map<number, Floor>() : await rawWsFloor(sizes, out);
  const rtt = `loopback RTT p99 ${net.p99.toFixed(2)} ms, Redis PING p99 ${ping.p99.toFixed(2)} ms`;

  let backend: Served<BackendInfo> | null = null;
  let gateway: Served<{ url: string }> | null = null;
  const clients = await DisplayClients.start();
  try {
    backend = await startChild<BackendInfo>(fileURLToPath(new URL('./realtime-server.ts', import.meta.url)), {
      env: { BENCH_DISPLAYS: String(DISPLAYS), BENCH_GROUP_A: String(SMALL) },
    });
    const info = backend.info;
    gateway = await startGateway(info.gatewayEnv);
    const gw = gateway;
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${info.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${info.ownerToken}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}`);
      return res.status === 204 ? null : ((await res.json()) as { id: number });
    };
    const note = (entityId: number) => async (i: number) => {
      await api('POST', `/content/${entityId}/note`, {
        text: `bench ${i}`,
        date: new Date().toISOString(),
        // Only an approved note is shown, so only an approved note goes to the screens.
        approved: true,
      });
    };
    const alert = (entityId: number) => async () => {
      const { id } = (await api('POST', `/entities/${entityId}/alerts`, { template: 'water-leak' })) as {
        id: number;
      };
      // Cleared right away (its `alert.cleared` is not timed); the next raise is a new alert.
      setTimeout(() => void api('DELETE', `/entities/${entityId}/alerts/${id}`), 5);
    };
    const gatewayCpu = () => gw.ask<NodeJS.CpuUsage>('cpu');

    // The live set at one instant includes what is in flight (the last handshakes' database
    // writes, a presence heartbeat's pipeline of a command per screen every 10 s): the least of
    // five readings a second apart is the settled heap.
    const settledHeap = async () => {
      const readings: number[] = [];
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        readings.push(await gw.ask<number>('heap'));
      }
      return Math.min(...readings);
    };
    // The first 100 screens pay for what is made once (compiled code, pools, caches): the heap per
    // display is the slope from there, what each further screen adds.
    const WARM = 100;
    await clients.connect(gw.info.url, info.displayTokens.slice(0, WARM));
    // BENCH_GATEWAY_SNAPSHOT=dir writes heap snapshots of the gateway there, after the first 100
    // screens and at each size: the objects new in the second are what each further screen holds.
    // (Taken before the heap reading it is compared with: a snapshot also drops compiled code.)
    const snapshotDir = process.env.BENCH_GATEWAY_SNAPSHOT;
    const snapshot = async (label: string) => {
      if (snapshotDir)
        out(
          `  gateway heap snapshot: ${await gw.ask<string>('snapshot', `${snapshotDir}/gateway-${label}.heapsnapshot`)}`,
        );
    };
    await snapshot(String(WARM));
    const heapBefore = await settledHeap();
    for (const size of sizes) {
      const c = await clients.connect(gw.info.url, info.displayTokens.slice(clients.total, size));
      const connected = await gw.ask<number>('sockets');
      const heapKiB = ((await settledHeap()) - heapBefore) / (connected - WARM) / 1024;
      await snapshot(String(connected));
      out(
        `connected ${k(connected)} display sockets (${c.failed} failed) in ${(c.ms / 1000).toFixed(1)} s; gateway heap ${heapKiB.toFixed(1)} KiB per connected display`,
      );
      if (stormOnly) continue;
      // A write on group A reaches its 1,000 screens; one on the organization every screen.
      const target = size === SMALL && sizes.length > 1 ? info.groupAId : info.orgId;
      clients.watch(['note.created', 'alert.raised']);
      await latencies(clients, 5, note(target)); // warm-up: JIT, pools
      const lat = await latencies(clients, size >= 10_000 ? 20 : LATENCY_WRITES, note(target));
      out(
        `change-to-screen (API write → note.created at ${k(connected)} displays): p50 ${ms(lat.p50)} p99 ${ms(lat.p99)} max ${ms(lat.max)}${lat.lost ? `, ${lat.lost} not received` : ''}`,
      );
      const backendCpu = () => backend?.ask<NodeJS.CpuUsage>('cpu') as Promise<NodeJS.CpuUsage>;
      const backendBefore = cpuSeconds(await backendCpu());
      const profileDir = process.env.BENCH_GATEWAY_PROF;
      if (profileDir) await gw.ask('profile-start');
      const fan = await burst(clients, size >= 10_000 ? 30 : BURST_WRITES, note(target), gatewayCpu);
      if (profileDir)
        out(`  gateway CPU profile of the burst: ${await gw.ask<string>('profile-stop', profileDir)}`);
      const backendS = cpuSeconds(await backendCpu()) - backendBefore;
      out(
        `fan-out: ${k(fan.delivered)} recipient messages in ${fan.wallS.toFixed(2)} s wall; gateway ${fan.cpuS.toFixed(2)} CPU-s → ${k(Math.round(fan.perCpuSecond))} per gateway CPU-second (API + relay ${backendS.toFixed(2)} CPU-s more → ${k(Math.round(fan.delivered / (fan.cpuS + backendS)))} per CPU-second of both)${fan.lost ? `, ${fan.lost} lost` : ''}`,
      );
      const alerts = await latencies(clients, size >= 10_000 ? 10 : ALERTS, alert(target), 50);
      out(
        `alert-to-screen (POST …/alerts → alert.raised at ${k(connected)} displays): p50 ${ms(alerts.p50)} p99 ${ms(alerts.p99)} max ${ms(alerts.max)}${alerts.lost ? `, ${alerts.lost} not received` : ''}`,
      );

      const floor = floors.get(size);
      const label = size >= 10_000 ? '10,000' : k(size);
      rows.push(
        row({
          name: `change-to-screen at ${label} displays, p99`,
          value: lat.p99,
          unit: 'ms',
          max: size >= 10_000 ? TARGETS.p99Large : TARGETS.p99Small,
          digits: 1,
          valid: lat.lost === 0,
          note: lat.lost ? `(${lat.lost} lost)` : undefined,
          floor: `${floor ? `raw ws broadcast p99 ${floor.p99.toFixed(1)} ms; ` : ''}${rtt}`,
        }),
        row({
          name: `fan-out at ${label} displays, recipient msgs per gateway CPU-s`,
          value: fan.perCpuSecond,
          unit: '',
          min: TARGETS.perCpuSecond,
          digits: 0,
          valid: fan.lost === 0,
          floor: floor ? `raw ws ${k(Math.round(floor.perCpuSecond))}/CPU-s` : '',
        }),
        row({
          name: `heap per connected display (${label})`,
          value: heapKiB,
          unit: 'KiB',
          max: TARGETS.heapKiB,
          digits: 1,
          floor: floor ? `raw ws ${floor.heapKiB.toFixed(1)} KiB per connection` : '',
        }),
        row({
          name: `alert-to-screen at ${label} displays, p99 (issue 16)`,
          value: alerts.p99,
          unit: 'ms',
          max: TARGETS.alertP99,
          digits: 1,
          valid: alerts.lost === 0,
          floor: floor ? `raw ws broadcast p99 ${floor.p99.toFixed(1)} ms` : '',
        }),
      );
    }

    // The reconnect storm: every screen holds its content's ETag, as a running player does. A
    // second gateway is up (behind the same address in production); the first one is killed, and
    // every screen comes back to the second with the player's backoff and refetches its content
    // (`GET /api/display/content` with If-None-Match): 10,000 handshakes and refetches at once.
    // BENCH_STORM=0 leaves it out (when iterating on the rest).
    if (process.env.BENCH_STORM === '0')
      return { ok: rows.every((r) => r.met), summary: lines.join('\n'), rows };
    const fetched = await clients.fetchContent(info.url);
    const displays = clients.total;
    const second = await startGateway(info.gatewayEnv);
    const profileDir = process.env.BENCH_GATEWAY_PROF;
    if (profileDir) await second.ask('profile-start');
    // CPU per reconnect (steady under load, unlike the wall time): the gateway's for the handshake,
    // the API's for the refetch.
    const gatewayBefore = cpuSeconds(await second.ask<NodeJS.CpuUsage>('cpu'));
    const apiBefore = cpuSeconds(await backend.ask<NodeJS.CpuUsage>('cpu'));
    const kernelBefore = listenQueueCounters();
    const loadBefore = loadavg()[0];
    const stormDone = clients.storm(info.url, second.info.url, 120_000);
    const killedAt = clock();
    gw.child.kill('SIGKILL');
    gateway = second;
    const storm = await stormDone;
    const kernelAfter = listenQueueCounters();
    const loadAfter = loadavg()[0];
    // Per screen that came back (the others may not have reached the gateway within the wait).
    const back = Math.max(1, storm.served + storm.errors);
    const gatewayMs = ((cpuSeconds(await second.ask<NodeJS.CpuUsage>('cpu')) - gatewayBefore) * 1000) / back;
    const apiMs = ((cpuSeconds(await backend.ask<NodeJS.CpuUsage>('cpu')) - apiBefore) * 1000) / back;
    if (profileDir)
      out(`  gateway CPU profile of the storm: ${await second.ask<string>('profile-stop', profileDir)}`);
    const stormS = (storm.lastServedAt - killedAt) / 1000;
    const statuses = Object.entries(storm.statuses)
      .map(([s, n]) => `${k(n)} × ${s === '0' ? 'network error' : s}`)
      .join(', ');
    out(
      `reconnect storm: gateway killed; ${k(storm.served)} of ${k(displays)} displays reconnected to the other gateway and were served their content ${stormS.toFixed(1)} s after the kill (${statuses}; ${storm.errors} errors; ${fetched.failed} failed in the fetch before); CPU per screen: gateway ${gatewayMs.toFixed(2)} ms (handshake), API ${apiMs.toFixed(2)} ms (refetch); load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    // Why screens came late: failed opens and refetches by reason, how long the opens that
    // succeeded took (≥ 1 s is a SYN the kernel dropped and the client sent again), opens per
    // screen, and the kernel's listen-queue counters over the storm (machine-wide: other
    // processes' listens count too).
    const counts = (c: Record<string, number>) =>
      Object.entries(c)
        .sort((a, b) => b[1] - a[1])
        .map(([key, n]) => `${k(n)} × ${key}`)
        .join(', ') || 'none';
    out(`  storm failures by reason: ${counts(storm.failures)}`);
    out(`  storm TCP connects, by duration: ${counts(storm.tcpMs)}`);
    out(
      `  storm opens that succeeded, by duration: ${counts(storm.openMs)}; opens per served screen: ${counts(storm.attempts)}`,
    );
    out(
      `  kernel over the storm: ${Object.entries(kernelAfter)
        .map(([key, n]) => `${key} +${k(n - (kernelBefore[key] ?? 0))}`)
        .join(', ')}`,
    );
    rows.push(
      row({
        name: `reconnect storm: ${k(displays)} displays reconnect + refetch, all served`,
        value: storm.served === displays ? stormS : Number.NaN,
        unit: 's',
        max: TARGETS.stormSeconds,
        digits: 1,
        valid: storm.errors === 0 && storm.served === displays,
        note: `(${storm.errors} errors)`,
        floor: 'player backoff: first retry 0.5–1.5 s after the drop',
      }),
    );
  } finally {
    clients.close();
    await gateway?.close();
    await backend?.close();
  }

  const ok = rows.every((r) => r.met);
  return { ok, summary: lines.join('\n'), rows };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { ok } = await run();
  process.exit(ok ? 0 : 1);
}
