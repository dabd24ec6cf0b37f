// Bench: GET /api/entities for a tree of 200 entities, against a raw Node `http` hello server, at
// 50 keep-alive connections. Both servers run in this process; the load comes from a worker thread.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { createUser, entities, grant, startTestApi, type TestApi } from '@oppslag/api/testing';
import { type BenchOutcome, row } from './lib/bench';
import { formatResult, type LoadResult, runLoad } from './lib/load';
import { profiled } from './lib/profile';

export const description =
  'GET /api/entities (200 entities, 50 connections; superadmin with 1,000 and 10,000) vs a raw Node http server';

const CONNECTIONS = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const WARMUP_MS = 2_000;
const CPU_TARGET_MS = 0.5;
const TREE_SIZE = 200;
const LARGE_TREE = 10_000;
const LARGE_P50_TARGET_MS = 100;

/** root (system) → organizations → 3 groups each → the remaining displays spread over the groups. */
async function seedTree(api: TestApi, size = TREE_SIZE, organizations = 9): Promise<number> {
  const db = api.deps.database.db;
  const insert = async (rows: (typeof entities.$inferInsert)[]) =>
    (await db.insert(entities).values(rows).returning({ id: entities.id })).map((r) => r.id);
  const [root] = await insert([{ name: 'Oppslag', type: 'system' }]);
  const orgs = await insert(
    Array.from({ length: organizations }, (_, i) => ({
      name: `Borettslag ${i + 1}`,
      type: 'organization' as const,
      parentId: root,
      codeWord: `borett${i + 1}`,
      street: `Storgata ${i + 1}`,
      zip: '0155',
      city: 'Oslo',
    })),
  );
  const groups = await insert(
    orgs.flatMap((org, o) =>
      [1, 2, 3].map((g) => ({ name: `Oppgang ${o + 1}-${g}`, type: 'group' as const, parentId: org })),
    ),
  );
  const displays = size - 1 - orgs.length - groups.length;
  // In chunks: one statement has at most 65,535 parameters.
  for (let from = 0; from < displays; from += 2000)
    await insert(
      Array.from({ length: Math.min(2000, displays - from) }, (_, j) => from + j).map((i) => ({
        name: `Skjerm ${i + 1}`,
        type: 'display' as const,
        parentId: groups[i % groups.length],
        apiKey: `bench-key-${i}`,
        displayInformation: 'Velkommen! Se oppslagene under for beskjeder fra styret.',
      })),
    );
  return root;
}

/** The API as deployed: production mode (no response-schema check per answer, strong password cost). */
const PRODUCTION = { env: { NODE_ENV: 'production', PASSWORD_HASH_COST: 'strong' } };

/**
 * One superadmin request at a time against a tree of `size` entities: the latency a superadmin
 * waits for the whole tree (the spec pages nothing) and the server CPU it costs.
 */
async function largeTree(size: number): Promise<{ tree: LoadResult; displays: LoadResult }> {
  const api = await startTestApi(PRODUCTION);
  try {
    await seedTree(api, size, Math.round(size / 40));
    const admin = await createUser(api.deps, { email: 'bench-admin@example.com', admin: true });
    const check = await api.request('GET', '/api/entities', { token: admin.token });
    if (check.status !== 200 || check.body.length !== size)
      throw new Error(`GET /api/entities answered ${check.status} with ${check.body?.length} entities`);
    const load = (path: string) =>
      runLoad({
        url: `${api.url}${path}`,
        headers: { authorization: `Bearer ${admin.token}` },
        connections: 1,
        durationMs: Math.max(2_000, DURATION_MS / 2),
        warmupMs: 1_000,
      });
    const tree = await profiled(`api-entities-admin-${size}`, () => load('/api/entities'));
    // The superadmin's displays table (every display with its organization, state and health).
    const table = await api.request('GET', '/api/admin/displays', { token: admin.token });
    const displayCount = size - 1 - Math.round(size / 40) * 4;
    if (table.status !== 200 || table.body.length !== displayCount)
      throw new Error(`GET /api/admin/displays answered ${table.status} with ${table.body?.length} displays`);
    const displays = await profiled(`api-admin-displays-${size}`, () => load('/api/admin/displays'));
    return { tree, displays };
  } finally {
    await api.close();
  }
}

export async function run(): Promise<BenchOutcome> {
  const api = await startTestApi(PRODUCTION);
  const hello = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello');
  });
  await new Promise<void>((resolve) => hello.listen(0, '127.0.0.1', resolve));
  // A second floor: raw http sending a kept buffer as large as the answer (the socket writes alone).
  let same = Buffer.alloc(0);
  const sized = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': same.length });
    res.end(same);
  });
  await new Promise<void>((resolve) => sized.listen(0, '127.0.0.1', resolve));
  let raw: LoadResult;
  let rawSized: LoadResult;
  let asOwner: LoadResult;
  let asAdmin: LoadResult;
  try {
    const root = await seedTree(api);
    const owner = await createUser(api.deps, { email: 'bench-owner@example.com' });
    await grant(api.deps, owner.id, root, 'owner');
    const admin = await createUser(api.deps, { email: 'bench-admin@example.com', admin: true });

    const check = await api.request('GET', '/api/entities', { token: owner.token });
    if (check.status !== 200 || check.body.length !== TREE_SIZE)
      throw new Error(`GET /api/entities answered ${check.status} with ${check.body?.length} entities`);
    const bytes = JSON.stringify(check.body).length;
    same = Buffer.from(JSON.stringify(check.body));
    console.log(
      `tree: ${TREE_SIZE} entities, answer ${bytes} bytes; ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per run`,
    );

    const load = (url: string, token?: string) =>
      runLoad({
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        connections: CONNECTIONS,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
      });
    raw = await load(`http://127.0.0.1:${(hello.address() as AddressInfo).port}/`);
    console.log(formatResult('raw node http hello', raw));
    rawSized = await load(`http://127.0.0.1:${(sized.address() as AddressInfo).port}/`);
    console.log(formatResult(`raw node http, ${bytes} bytes kept`, rawSized));
    asOwner = await profiled('api-entities-owner', () => load(`${api.url}/api/entities`, owner.token));
    console.log(formatResult('GET /api/entities (owner of root)', asOwner));
    asAdmin = await profiled('api-entities-admin', () => load(`${api.url}/api/entities`, admin.token));
    console.log(formatResult('GET /api/entities (superadmin)', asAdmin));
  } finally {
    hello.close();
    hello.closeAllConnections();
    sized.close();
    sized.closeAllConnections();
    await api.close();
  }
  const { tree: small, displays: smallTable } = await largeTree(1_000);
  console.log(formatResult('superadmin, 1,000 entities, 1 conn', small));
  console.log(formatResult('admin displays, 1,000 entities, 1 conn', smallTable));
  const { tree: large, displays: largeTable } = await largeTree(LARGE_TREE);
  console.log(formatResult('superadmin, 10,000 entities, 1 conn', large));
  console.log(formatResult('admin displays, 10,000 entities, 1 conn', largeTable));

  const valid = (r: LoadResult) => r.errors === 0 && r.non2xx === 0;
  const cpu = (r: LoadResult) => r.serverCpuMsPerRequest;
  const worst = Math.max(cpu(asOwner), cpu(asAdmin));
  // Linear: ten times the entities may cost at most about ten times the CPU per request (+50 %).
  const growth = cpu(large) / cpu(small);
  const tableGrowth = cpu(largeTable) / cpu(smallTable);
  const ok =
    [raw, asOwner, asAdmin, small, large, smallTable, largeTable].every(valid) &&
    worst <= CPU_TARGET_MS &&
    large.p50 <= LARGE_P50_TARGET_MS &&
    largeTable.p50 <= LARGE_P50_TARGET_MS &&
    growth <= 15 &&
    tableGrowth <= 15;
  const f = (v: number, d = 3) => v.toFixed(d);
  const summary = [
    `GET /api/entities, ${TREE_SIZE} entities, ${CONNECTIONS} connections: server CPU per request ${f(cpu(asOwner))} ms as owner, ` +
      `${f(cpu(asAdmin))} ms as superadmin (target ≤ ${CPU_TARGET_MS} ms; floor raw http ${f(cpu(raw))} ms, ` +
      `raw http sending a kept buffer of the answer's size ${f(cpu(rawSized))} ms) — ${worst <= CPU_TARGET_MS ? 'met' : 'NOT met'}`,
    `  owner ${asOwner.rps.toFixed(0)} req/s, p50 ${f(asOwner.p50, 2)} ms, p99 ${f(asOwner.p99, 2)} ms; superadmin ${asAdmin.rps.toFixed(0)} req/s, p99 ${f(asAdmin.p99, 2)} ms; ` +
      `floor raw http ${raw.rps.toFixed(0)} req/s, p50 ${f(raw.p50, 2)} ms, p99 ${f(raw.p99, 2)} ms`,
    `GET /api/entities, superadmin, ${LARGE_TREE.toLocaleString('en')} entities, one request at a time: p50 ${f(large.p50, 1)} ms ` +
      `(target ≤ ${LARGE_P50_TARGET_MS} ms; floor raw http p50 ${f(raw.p50, 2)} ms at 50 connections) — ${large.p50 <= LARGE_P50_TARGET_MS ? 'met' : 'NOT met'}; ` +
      `p99 ${f(large.p99, 1)} ms, ${f(cpu(large), 2)} ms CPU/request`,
    `  linear: 1,000 entities ${f(cpu(small), 2)} ms CPU/request (p50 ${f(small.p50, 1)} ms) → 10,000: ×${growth.toFixed(1)} (target ≤ ×15)`,
    `GET /api/admin/displays, ${(LARGE_TREE - 1 - (LARGE_TREE / 40) * 4).toLocaleString('en')} displays (10,000 entities), one request at a time: p50 ${f(largeTable.p50, 1)} ms ` +
      `(target ≤ ${LARGE_P50_TARGET_MS} ms) — ${largeTable.p50 <= LARGE_P50_TARGET_MS ? 'met' : 'NOT met'}; ` +
      `p99 ${f(largeTable.p99, 1)} ms, ${f(cpu(largeTable), 2)} ms CPU/request`,
    `  linear: 1,000 entities ${f(cpu(smallTable), 2)} ms CPU/request (p50 ${f(smallTable.p50, 1)} ms) → 10,000: ×${tableGrowth.toFixed(1)} (target ≤ ×15)`,
    `load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  ].join('\n');
  console.log(summary);
  const floor = `raw http ${f(cpu(raw))} ms CPU/req, p50 ${f(raw.p50, 2)} ms; same-size answer ${f(cpu(rawSized))} ms CPU/req`;
  const rows = [
    row({
      name: `GET /api/entities, ${TREE_SIZE} entities, server CPU/request (owner; superadmin)`,
      value: worst,
      unit: 'ms',
      max: CPU_TARGET_MS,
      valid: valid(asOwner) && valid(asAdmin),
      note: `(${f(cpu(asOwner))}; ${f(cpu(asAdmin))})`,
      floor,
    }),
    row({
      name: 'same, superadmin, 10,000 entities, one request p50',
      value: large.p50,
      unit: 'ms',
      max: LARGE_P50_TARGET_MS,
      digits: 1,
      valid: valid(large) && growth <= 15,
      note: `(${f(cpu(large), 1)} ms CPU; ×${growth.toFixed(1)} from 1,000)`,
      floor,
    }),
    row({
      name: 'GET /api/admin/displays, 10,000 entities, one request p50',
      value: largeTable.p50,
      unit: 'ms',
      max: LARGE_P50_TARGET_MS,
      digits: 1,
      valid: valid(largeTable) && tableGrowth <= 15,
      note: `(${f(cpu(largeTable), 1)} ms CPU; ×${tableGrowth.toFixed(1)} from 1,000)`,
      floor,
    }),
  ];
  return { ok, summary, rows };
}
