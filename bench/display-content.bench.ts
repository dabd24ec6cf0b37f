// Bench: GET /api/display/content for a display with 50 notes and 20 banners inherited through
// three levels (root → organization → group → display), at 50 concurrent keep-alive connections:
// the full answer, then the 304 path (If-None-Match with the current ETag).
import { loadavg } from 'node:os';
import { type AppDeps, encodeDisplayId } from '@oppslag/api/core';
import { contents, createEntity, createUser, notes, startTestApi } from '@oppslag/api/testing';
import { startWorkerRuntime } from '@oppslag/worker';
import { type BenchOutcome, row } from './lib/bench';
import { rawHttpFloor } from './lib/floor';
import { formatResult, type LoadResult, runLoad } from './lib/load';
import { profiled } from './lib/profile';

export const description =
  'GET /api/display/content (50 notes, 20 banners over 3 levels), full and 304, server CPU per request, 50 connections';

const CONNECTIONS = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const WARMUP_MS = 2_000;
const FULL_CPU_TARGET_MS = 0.3;
const NOT_MODIFIED_CPU_TARGET_MS = 0.1;

/** Seeds root → organization → group → display with 50 notes and 20 banners spread over the levels. */
export async function seed(deps: AppDeps) {
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

export async function run(): Promise<BenchOutcome> {
  // The API as deployed: production mode (no response-schema check, strong password cost).
  const api = await startTestApi({ env: { NODE_ENV: 'production', PASSWORD_HASH_COST: 'strong' } });
  // As deployed, a worker's outbox relay keeps the entity numbers in Redis current, which lets an
  // unchanged display's poll be checked without PostgreSQL (display-versions.service.ts). Its
  // sweep (one pass a second) runs in this process and is counted in the server's CPU.
  const worker = await startWorkerRuntime(api.deps, { processors: false, background: false });
  try {
    const displayId = await seed(api.deps);
    const reg = await api.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(displayId), apiKey: 'bench-key' },
    });
    const auth = { authorization: `Bearer ${reg.body.token as string}` };
    const url = `${api.url}/api/display/content`;
    const first = await fetch(url, { headers: auth });
    const etag = first.headers.get('etag') ?? '';
    const bytes = Number(first.headers.get('content-length'));
    const body = (await first.json()) as { notes: unknown[]; banners: unknown[] };
    console.log(
      `display content: ${body.notes.length} notes, ${body.banners.length} banners, ${bytes} bytes`,
    );

    const options = { url, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS };
    const floor = await rawHttpFloor(options);
    const full = await profiled('display-content-full', () => runLoad({ ...options, headers: auth }));
    const notModified = await profiled('display-content-304', () =>
      runLoad({ ...options, headers: { ...auth, 'if-none-match': etag } }),
    );
    // Every full answer must be a 200, every conditional one a 304, or the figures mean nothing.
    const valid = (r: LoadResult, expected: number) => r.errors === 0 && r.non2xx === expected;
    const cpu = (r: LoadResult) => r.serverCpuMsPerRequest;
    const fullOk = valid(full, 0) && cpu(full) <= FULL_CPU_TARGET_MS;
    const notModifiedOk =
      valid(notModified, notModified.requests) && cpu(notModified) <= NOT_MODIFIED_CPU_TARGET_MS;
    const ok = valid(floor, 0) && fullOk && notModifiedOk;
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    const summary = [
      `GET /api/display/content, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s each (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
      `  full answer: ${cpu(full).toFixed(3)} ms server CPU/request (target ≤ ${FULL_CPU_TARGET_MS} ms; floor raw http ${cpu(floor).toFixed(3)} ms) — ${verdict(fullOk)}`,
      `  unchanged (304): ${cpu(notModified).toFixed(3)} ms server CPU/request (target ≤ ${NOT_MODIFIED_CPU_TARGET_MS} ms; floor raw http ${cpu(floor).toFixed(3)} ms) — ${verdict(notModifiedOk)}`,
      formatResult('  raw node http hello (floor)', floor),
      formatResult('  full answer (200)', full),
      formatResult('  unchanged (If-None-Match → 304)', notModified),
    ].join('\n');
    console.log(summary);
    const floorText = `raw http ${cpu(floor).toFixed(3)} ms CPU/req`;
    const rows = [
      row({
        name: 'GET /api/display/content, full answer, server CPU/request',
        value: cpu(full),
        unit: 'ms',
        max: FULL_CPU_TARGET_MS,
        digits: 3,
        floor: floorText,
        valid: valid(floor, 0) && valid(full, 0),
      }),
      row({
        name: 'same, unchanged (304), server CPU/request',
        value: cpu(notModified),
        unit: 'ms',
        max: NOT_MODIFIED_CPU_TARGET_MS,
        digits: 3,
        floor: floorText,
        valid: valid(floor, 0) && valid(notModified, notModified.requests),
      }),
    ];
    return { ok, summary, rows };
  } finally {
    await worker.close();
    await api.close();
  }
}
