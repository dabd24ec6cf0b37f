// Bench: GET /api/display/content for a display with 50 notes and 20 banners inherited through
// three levels (root → organization → group → display), at 50 concurrent keep-alive connections:
// the full answer, then the 304 path (If-None-Match with the current ETag).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/client';
import { contents, notes } from '../api/src/db/schema/index';
import { closeDeps, createDeps } from '../api/src/infra';
import { encodeDisplayId } from '../api/src/lib/hashids';
import { createLogger } from '../api/src/lib/logger';
import { createEntity, createUser } from '../api/src/test/fixtures';
import { clearRedisPrefix, TEST_PG_ADMIN_URL, TEST_REDIS_URL } from '../api/src/test/harness';

export const name = 'display-content';
const CONNECTIONS = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const WARMUP_MS = 2_000;
const P99_TARGET_MS = 15;
const RATIO_TARGET = 3;

interface Result {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU time of this process (server and client) per request: a figure that load elsewhere on the machine disturbs less. */
  cpuMsPerRequest: number;
  statuses: Record<number, number>;
}

/** A closed-loop load generator: `connections` keep-alive clients each sending one request at a time. */
async function load(url: URL, headers: Record<string, string>, durationMs: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const end = performance.now() + durationMs;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          latencies.push(performance.now() - started);
          statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', reject);
    });
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    requests: latencies.length,
    rps: latencies.length / (elapsed / 1000),
    p50: at(0.5),
    p99: at(0.99),
    cpuMsPerRequest: (used.user + used.system) / 1000 / latencies.length,
    statuses,
  };
}

/** Seeds root → organization → group → display with 50 notes and 20 banners spread over the levels. */
async function seed(deps: Awaited<ReturnType<typeof createDeps>>) {
  const root = await createEntity(deps, { name: 'System', type: 'system' });
  const org = await createEntity(deps, {
    name: 'Borettslaget',
    type: 'organization',
    parentId: root.id,
    codeWord: 'bench',
  });
  const group = await createEntity(deps, { name: 'Oppgang A', type: 'group', parentId: org.id });
  const display = await createEntity(deps, {
    name: 'Skjerm 1',
    type: 'display',
    parentId: group.id,
    apiKey: 'bench-key',
  });
  const user = await createUser(deps, { email: 'bench@example.com' });
  const levels = [display.id, group.id, org.id];
  const now = Date.now();
  const day = 24 * 3600 * 1000;
  await deps.database.db.insert(notes).values(
    Array.from({ length: 50 }, (_, i) => ({
      entityId: levels[i % 3],
      ownerId: user.id,
      text: `<p><b>Beskjed ${i}</b>: Husk dugnad lørdag kl. 10. Ta med hansker og godt humør 🌱</p><ul><li>rydd</li><li>kost</li></ul>`,
      icon: 'information',
      iconColor: '#019939',
      date: new Date(now - (i % 10) * day + (i % 7 === 0 ? 20 * day : 0)),
      end: new Date(now + 30 * day),
      sticky: i % 17 === 0,
      approved: true,
    })),
  );
  await deps.database.db.insert(contents).values(
    Array.from({ length: 20 }, (_, i) => ({
      entityId: [display.id, group.id, org.id, root.id][i % 4],
      userId: user.id,
      slot: 'banner' as const,
      type: 'banner-template' as const,
      start: new Date(now - day + i * 3600_000),
      end: new Date(now + 14 * day),
      duration: 30,
      approved: true,
      templateId: 'dugnad',
      templateText: `<h2>Dugnad ${i}</h2><p>Lørdag kl. 10</p>`,
    })),
  );
  return display.id;
}

export async function run(): Promise<{ ok: boolean; summary: string }> {
  const dbName = `oppslag_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = TEST_PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const prefix = `oppslag-bench-${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ url, poolSize: 20 });
  const config = loadConfig({
    DATABASE_URL: url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DATA_DIR: `.data/bench-${prefix}`,
    PORT: '0',
  });
  const deps = await createDeps(config, {
    database,
    logger: createLogger('silent'),
    redis: new Redis(TEST_REDIS_URL),
  });
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const displayId = await seed(deps);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const reg = await fetch(`${base}/api/display/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayId: encodeDisplayId(displayId), apiKey: 'bench-key' }),
    });
    const { token } = (await reg.json()) as { token: string };
    const target = new URL(`${base}/api/display/content`);
    const auth = { authorization: `Bearer ${token}` };
    const first = await fetch(target, { headers: auth });
    const etag = first.headers.get('etag') ?? '';
    const body = (await first.json()) as { notes: unknown[]; banners: unknown[] };
    const bytes = Number(first.headers.get('content-length'));
    console.log(
      `display content: ${body.notes.length} notes, ${body.banners.length} banners, ${bytes} bytes, etag ${etag}`,
    );
    // Sequential requests: the cost of one answer without queueing behind 49 others.
    for (const [label, headers] of [
      ['full', auth],
      ['304', { ...auth, 'if-none-match': etag }],
    ] as const) {
      const t0 = performance.now();
      for (let i = 0; i < 200; i++) await (await fetch(target, { headers })).arrayBuffer();
      console.log(`sequential ${label}: ${((performance.now() - t0) / 200).toFixed(2)} ms per request`);
    }

    await load(target, auth, WARMUP_MS);
    const full = await load(target, auth, DURATION_MS);
    await load(target, { ...auth, 'if-none-match': etag }, WARMUP_MS);
    const notModified = await load(target, { ...auth, 'if-none-match': etag }, DURATION_MS);
    const line = (label: string, r: Result) =>
      `${label.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  cpu ${r.cpuMsPerRequest.toFixed(2)} ms/req  (${r.requests} requests, statuses ${JSON.stringify(r.statuses)})`;
    const ratio = notModified.rps / full.rps;
    const ok =
      full.p99 <= P99_TARGET_MS &&
      ratio >= RATIO_TARGET &&
      full.statuses[200] === full.requests &&
      notModified.statuses[304] === notModified.requests;
    const summary = [
      `GET /api/display/content at ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each`,
      line('full (200)', full),
      line('unchanged (304)', notModified),
      `304/full throughput ratio ${ratio.toFixed(2)} (target ≥ ${RATIO_TARGET}); full p99 target ≤ ${P99_TARGET_MS} ms: ${ok ? 'met' : 'NOT met'}`,
    ].join('\n');
    console.log(summary);
    return { ok, summary };
  } finally {
    server.close();
    server.closeAllConnections();
    await clearRedisPrefix(deps.redis, prefix);
    await closeDeps(deps);
    const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (r) => process.exit(r.ok ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
