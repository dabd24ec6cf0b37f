// Bench: the live path. Change-to-screen latency (a note written through the API → `note.created`
// at 1,000 connected display sockets), fan-out throughput in recipient messages per CPU-second of
// the server process, heap per connected display, BullMQ pickup latency, and the floors: a Node
// `net` loopback round trip and a Redis PING round trip.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, connect as netConnect } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { clearRedisPrefix, TEST_REDIS_URL } from '@oppslag/api/testing';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';

export const name = 'realtime';
export const description =
  'API write → note.created at 1,000 display sockets, fan-out per CPU-second, heap per display, BullMQ pickup, floors';
const DISPLAYS = Number(process.env.BENCH_DISPLAYS ?? 1000);
const LATENCY_WRITES = Number(process.env.BENCH_LATENCY_WRITES ?? 40);
const BURST_WRITES = Number(process.env.BENCH_BURST_WRITES ?? 100);
const TARGETS = { p50: 20, p99: 100, perCpuSecond: 20_000 };

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

export interface ServerInfo {
  url: string;
  orgId: number;
  ownerToken: string;
  displayTokens: string[];
}

/** The server process (with `displays` screens under one organization) and a small request/response protocol over IPC. */
export async function startServer(displays = DISPLAYS): Promise<{
  info: ServerInfo;
  ask: <T>(type: string) => Promise<T>;
  child: ChildProcess;
}> {
  const child = fork(fileURLToPath(new URL('./realtime-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_DISPLAYS: String(displays) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (body: unknown) => void>();
  let nextId = 1;
  const ready = new Promise<ServerInfo>((resolve) => waiting.set(0, (b) => resolve(b as ServerInfo)));
  child.on('message', (msg: { id: number; body: unknown }) => {
    waiting.get(msg.id)?.(msg.body);
    waiting.delete(msg.id);
  });
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, (b) => resolve(b as T));
      child.send({ type, id });
    });
  return { info: await ready, ask, child };
}

const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

export async function run(): Promise<{ ok: boolean; summary: string }> {
  const lines: string[] = [];
  const out = (line: string) => {
    lines.push(line);
    console.log(line);
  };

  // Every figure below is wall-clock on a shared machine: the load says how much it was shared.
  out(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  const net = stats(await netRoundTrip());
  out(`floor: net loopback round trip p50 ${ms(net.p50)} p99 ${ms(net.p99)}`);
  const ping = stats(await redisRoundTrip());
  out(`floor: Redis PING round trip p50 ${ms(ping.p50)} p99 ${ms(ping.p99)}`);
  const pickup = stats(await bullmqPickup());
  out(
    `BullMQ pickup (add → processor start) p50 ${ms(pickup.p50)} p99 ${ms(pickup.p99)} max ${ms(pickup.max)}`,
  );

  const { info, ask } = await startServer();
  const heapBefore = await ask<number>('heap');
  const clients: Socket[] = [];
  /** note.created arrivals per event id: arrival times at each client. */
  const arrivals = new Map<string, number[]>();
  const onNote = (payload: { id: string }) => {
    const at = performance.now();
    let list = arrivals.get(payload.id);
    if (!list) {
      list = [];
      arrivals.set(payload.id, list);
    }
    list.push(at);
  };
  const connectOne = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(info.url, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      socket.on('note.created', onNote);
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
      clients.push(socket);
    });
  const connectStarted = performance.now();
  for (let i = 0; i < info.displayTokens.length; i += 50)
    await Promise.all(info.displayTokens.slice(i, i + 50).map(connectOne));
  const connectMs = performance.now() - connectStarted;
  const connected = await ask<number>('sockets');
  const heapAfter = await ask<number>('heap');
  out(`connected ${connected} display sockets in ${(connectMs / 1000).toFixed(1)} s`);
  out(`heap per connected display: ${((heapAfter - heapBefore) / connected / 1024).toFixed(1)} KiB`);

  const write = async (text: string) => {
    const res = await fetch(`${info.url}/api/content/${info.orgId}/note`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${info.ownerToken}` },
      body: JSON.stringify({ text, date: new Date().toISOString() }),
    });
    if (res.status !== 201) throw new Error(`note write answered ${res.status}`);
  };
  const allArrived = async (expectEvents: number, timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    const done = () =>
      arrivals.size >= expectEvents && [...arrivals.values()].every((l) => l.length >= connected);
    while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    return done();
  };

  // Warm-up: the first writes pay for JIT and connection pools.
  for (let i = 0; i < 5; i++) {
    await write(`warm-up ${i}`);
    await allArrived(i + 1, 10_000);
  }
  arrivals.clear();

  // Latency: one write at a time; each recipient's arrival minus the moment the write was sent.
  const latencies: number[] = [];
  const firsts: number[] = [];
  const spreads: number[] = [];
  const answered: number[] = [];
  let lost = 0;
  for (let i = 0; i < LATENCY_WRITES; i++) {
    const before = new Set(arrivals.keys());
    const sent = performance.now();
    await write(`latency ${i}`);
    answered.push(performance.now() - sent);
    const complete = await allArrived(before.size + 1, 10_000);
    const id = [...arrivals.keys()].find((k) => !before.has(k));
    const list = id ? (arrivals.get(id) ?? []) : [];
    if (!complete) lost += connected - list.length;
    for (const at of list) latencies.push(at - sent);
    if (list.length) {
      firsts.push(Math.min(...list) - sent);
      spreads.push(Math.max(...list) - Math.min(...list));
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const lat = stats(latencies);
  const first = stats(firsts);
  const http = stats(answered);
  const spread = stats(spreads);
  out(
    `  write answered p50 ${ms(http.p50)}; first screen p50 ${ms(first.p50)} p99 ${ms(first.p99)}; first → last screen p50 ${ms(spread.p50)} (one process receives for all ${connected})`,
  );
  out(
    `change-to-screen (API write → note.created at ${connected} displays, ${LATENCY_WRITES} writes): p50 ${ms(lat.p50)} p99 ${ms(lat.p99)} max ${ms(lat.max)}${lost ? `, ${lost} not received` : ''}`,
  );

  // Throughput: a burst of writes; server CPU time from the first write until every screen has them all.
  arrivals.clear();
  const cpuBefore = await ask<NodeJS.CpuUsage>('cpu');
  const burstStarted = performance.now();
  for (let i = 0; i < BURST_WRITES; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, BURST_WRITES - i) }, (_, k) => write(`burst ${i + k}`)),
    );
  }
  const burstComplete = await allArrived(BURST_WRITES, 60_000);
  const burstWallS = (performance.now() - burstStarted) / 1000;
  const cpuAfter = await ask<NodeJS.CpuUsage>('cpu');
  const delivered = [...arrivals.values()].reduce((n, l) => n + l.length, 0);
  const serverCpuS = cpuSeconds(cpuAfter) - cpuSeconds(cpuBefore);
  const perCpuSecond = delivered / serverCpuS;
  out(
    `fan-out: ${delivered} recipient messages (${BURST_WRITES} writes × ${connected}) in ${burstWallS.toFixed(2)} s wall, ${serverCpuS.toFixed(2)} s server CPU (API + relay + gateway) → ${Math.round(perCpuSecond)} recipient messages per CPU-second, ${Math.round(delivered / burstWallS)} per wall second${burstComplete ? '' : ' (incomplete)'}`,
  );

  for (const c of clients) c.close();
  await ask('close');

  const ok =
    lat.p50 <= TARGETS.p50 &&
    lat.p99 <= TARGETS.p99 &&
    perCpuSecond >= TARGETS.perCpuSecond &&
    lost === 0 &&
    burstComplete;
  out(
    `targets: p50 ≤ ${TARGETS.p50} ms, p99 ≤ ${TARGETS.p99} ms at 1,000 displays, ≥ ${TARGETS.perCpuSecond} recipient messages per CPU-second → ${ok ? 'met' : 'NOT met'}`,
  );
  return { ok, summary: lines.join('\n') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { ok } = await run();
  process.exit(ok ? 0 : 1);
}
