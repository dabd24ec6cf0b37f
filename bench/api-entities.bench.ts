// Bench: GET /api/entities for a tree of 200 entities, against a raw Node `http` hello server, at
// 50 keep-alive connections. Both servers run in this process; the load comes from a worker thread.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { entities } from '@oppslag/api/core';
import { createUser, grant, startTestApi, type TestApi } from '@oppslag/api/testing';
import type { BenchOutcome } from './lib/bench';
import { formatResult, type LoadResult, runLoad } from './lib/load';

export const description = 'GET /api/entities (200 entities) vs a raw Node http server, 50 connections';

const CONNECTIONS = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const WARMUP_MS = 2_000;
const P99_TARGET_MS = 20;
const TREE_SIZE = 200;

/** root (system) → 9 organizations → 3 groups each → the remaining displays spread over the groups. */
async function seedTree(api: TestApi): Promise<number> {
  const db = api.deps.database.db;
  const insert = async (rows: (typeof entities.$inferInsert)[]) =>
    (await db.insert(entities).values(rows).returning({ id: entities.id })).map((r) => r.id);
  const [root] = await insert([{ name: 'Oppslag', type: 'system' }]);
  const orgs = await insert(
    Array.from({ length: 9 }, (_, i) => ({
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
  const displays = TREE_SIZE - 1 - orgs.length - groups.length;
  await insert(
    Array.from({ length: displays }, (_, i) => ({
      name: `Skjerm ${i + 1}`,
      type: 'display' as const,
      parentId: groups[i % groups.length],
      apiKey: `bench-key-${i}`,
      displayInformation: 'Velkommen! Se oppslagene under for beskjeder fra styret.',
    })),
  );
  return root;
}

export async function run(): Promise<BenchOutcome> {
  const api = await startTestApi();
  const hello = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello');
  });
  await new Promise<void>((resolve) => hello.listen(0, '127.0.0.1', resolve));
  try {
    const root = await seedTree(api);
    const owner = await createUser(api.deps, { email: 'bench-owner@example.com' });
    await grant(api.deps, owner.id, root, 'owner');
    const admin = await createUser(api.deps, { email: 'bench-admin@example.com', admin: true });

    const check = await api.request('GET', '/api/entities', { token: owner.token });
    if (check.status !== 200 || check.body.length !== TREE_SIZE)
      throw new Error(`GET /api/entities answered ${check.status} with ${check.body?.length} entities`);
    const bytes = JSON.stringify(check.body).length;
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
    const raw = await load(`http://127.0.0.1:${(hello.address() as AddressInfo).port}/`);
    console.log(formatResult('raw node http hello', raw));
    const asOwner = await load(`${api.url}/api/entities`, owner.token);
    console.log(formatResult('GET /api/entities (owner of root)', asOwner));
    const asAdmin = await load(`${api.url}/api/entities`, admin.token);
    console.log(formatResult('GET /api/entities (superadmin)', asAdmin));

    const valid = (r: LoadResult) => r.errors === 0 && r.non2xx === 0;
    const ratio = raw.rps / asOwner.rps;
    const ok =
      valid(raw) && valid(asOwner) && valid(asAdmin) && Math.max(asOwner.p99, asAdmin.p99) <= P99_TARGET_MS;
    const cpu = (r: LoadResult) => `${r.serverCpuMsPerRequest.toFixed(3)} ms server CPU/request`;
    const summary = [
      `raw http ${raw.rps.toFixed(0)} req/s (p50 ${raw.p50.toFixed(2)} ms, p99 ${raw.p99.toFixed(2)} ms, ${cpu(raw)})`,
      `GET /api/entities ${asOwner.rps.toFixed(0)} req/s (p50 ${asOwner.p50.toFixed(2)} ms, p99 ${asOwner.p99.toFixed(2)} ms, ${cpu(asOwner)}) as owner; ` +
        `${asAdmin.rps.toFixed(0)} req/s (p99 ${asAdmin.p99.toFixed(2)} ms, ${cpu(asAdmin)}) as superadmin`,
      `raw/route throughput ratio ${ratio.toFixed(1)}x; route p99 target ≤ ${P99_TARGET_MS} ms: ${ok ? 'met' : 'NOT met'}`,
      `load average during the run: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    ].join('\n');
    console.log(summary);
    return { ok, summary };
  } finally {
    hello.close();
    hello.closeAllConnections();
    await api.close();
  }
}
