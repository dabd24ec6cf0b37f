// Bench: SMS routing backlog drain. A backlog of received SMS is filled through the real webhook
// (API in this process, no worker running), with a realistic mix: trusted senders (auto-approve
// lists) published at once, unknown senders held for approval (the board's members get a JA/NEI
// code), unknown code words answered with the help text, a few numbers from abroad (English
// replies). Then the worker role starts in its own process (bench/sms-worker-process.ts: relay and
// every processor, as in production) and works the backlog off. Figures: SMS routed per second
// from the worker's start to the last message routed, the worker process's CPU per SMS (everything
// it did meanwhile: relay, routing, replies handed to the log provider, approval requests), and the
// CPU of the PostgreSQL backends the worker used, per SMS.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  autoApproveNumbers,
  createEntity,
  createTestBackend,
  createUser,
  entities,
  genericWebhook,
  grant,
  permissions,
  users,
} from '@oppslag/api/testing';
import { composeServer } from '@oppslag/stack';
import { eq } from 'drizzle-orm';
import { type BenchOutcome, row } from './lib/bench';
import { cpuSeconds, sharedBackendEnv, startChild } from './lib/ipc';

export const description = 'SMS routing backlog drain (target ≥ 1,000 SMS/s) and worker CPU per SMS';

const SECRET = 'bench-drain-secret';
const N = Number(process.env.BENCH_SMS_DRAIN_N ?? 5000);
const ORGS = 4;
const TRUSTED_PER_ORG = 150;
const TARGET_PER_SECOND = 1000;
const FILL_CONCURRENCY = 32;

type Rows<T> = { rows: T[] };

/** CPU seconds so far of processes by pid (utime + stime from /proc; 0 for a pid gone meanwhile). */
function procCpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Not readable (PostgreSQL elsewhere) or exited.
    }
  }
  return ticks / 100;
}

const fmtLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

export async function run(): Promise<BenchOutcome> {
  const backend = await createTestBackend({
    dataDirPrefix: 'oppslag-bench-drain-',
    env: { SMS_WEBHOOK_SECRET: SECRET },
  });
  const { deps } = backend;
  const db = deps.database.db;
  const composed = await composeServer(deps, { api: true });
  await new Promise<void>((resolve) => composed.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(composed.server.address() as { port: number }).port}`;
  let worker: Awaited<ReturnType<typeof startChild<{ pid: number }>>> | null = null;
  try {
    // The world: organizations with a group and two displays each, code words on all but one
    // display per group, two notification members per organization, trusted numbers on each list.
    const root = await createEntity(deps, { name: 'System', type: 'system' });
    const codeWords: { word: string; org: number }[] = [];
    for (let o = 0; o < ORGS; o++) {
      const org = await createEntity(deps, {
        name: `Borettslag ${o}`,
        type: 'organization',
        parentId: root.id,
        codeWord: `lag${o}`,
      });
      // A budget that the backlog does not exhaust: the bench measures routing, not the cap.
      await db.update(entities).set({ smsMonthlyBudget: 1_000_000 }).where(eq(entities.id, org.id));
      const group = await createEntity(deps, {
        name: `Blokk ${o}`,
        type: 'group',
        parentId: org.id,
        codeWord: `blokk${o}`,
      });
      await createEntity(deps, {
        name: `Skjerm ${o}`,
        type: 'display',
        parentId: group.id,
        codeWord: `skjerm${o}`,
      });
      await createEntity(deps, { name: `Skjerm ${o}b`, type: 'display', parentId: group.id });
      codeWords.push(
        { word: `LAG${o}`, org: o },
        { word: `blokk${o}`, org: o },
        { word: `Skjerm${o}`, org: o },
      );
      for (let m = 0; m < 2; m++) {
        const member = await createUser(deps, { email: `styre${o}-${m}@example.com` });
        await grant(deps, member.id, org.id, m === 0 ? 'owner' : 'moderator');
        await db
          .update(users)
          .set({
            phoneVerifiedAt: new Date(),
            phoneNumber: `00479${o}${m}00000`,
            language: m === 0 ? 'no' : 'en',
          })
          .where(eq(users.id, member.id));
        await db.update(permissions).set({ smsNotifications: true }).where(eq(permissions.userId, member.id));
      }
      await db.insert(autoApproveNumbers).values(
        Array.from({ length: TRUSTED_PER_ORG }, (_, t) => ({
          entityId: org.id,
          number: `00474${o}${String(t).padStart(6, '0')}`,
          description: `Trusted ${t}`,
        })),
      );
    }

    // The backlog, in the mix described above (per 20 messages: 10 trusted, 7 unknown senders,
    // 2 unknown code words, 1 from abroad), through the real webhook.
    const message = (i: number) => {
      const slot = i % 20;
      const target = codeWords[(i * 7) % codeWords.length];
      if (slot < 10) {
        const t = Math.floor(i / 20) % TRUSTED_PER_ORG;
        return {
          from: `+474${target.org}${String(t).padStart(6, '0')}`,
          text: `${target.word} Melding ${i}`,
        };
      }
      if (slot < 17) return { from: `+479${String(i).padStart(7, '0')}`, text: `${target.word} Hei ${i}` };
      if (slot < 19) return { from: `+478${String(i).padStart(7, '0')}`, text: `ukjent${i} hei` };
      return { from: `+447700${String(i).padStart(6, '0')}`, text: `${target.word} Hello ${i}` };
    };
    const fillStarted = Date.now();
    let next = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: FILL_CONCURRENCY }, async () => {
        while (next < N) {
          const i = next++;
          const hook = genericWebhook(SECRET, { id: `drain-${i}`, ...message(i) });
          const res = await fetch(url + hook.path, {
            method: 'POST',
            headers: hook.headers,
            body: hook.body,
          });
          await res.arrayBuffer();
          if (res.status !== 200) refused++;
        }
      }),
    );
    const count = async (query: string) =>
      ((await db.execute(query)) as unknown as Rows<{ n: number }>).rows[0].n;
    const stored = await count(`select count(*)::int as n from sms_messages where status = 'received'`);
    console.log(
      `backlog: ${stored} received SMS (${refused} webhooks refused) filled in ${((Date.now() - fillStarted) / 1000).toFixed(1)} s`,
    );

    // The worker, in its own process on the same database and Redis prefix.
    worker = await startChild<{ pid: number }>(
      fileURLToPath(new URL('./sms-worker-process.ts', import.meta.url)),
      {
        env: { ...sharedBackendEnv(backend), PORT: '0' },
      },
    );
    const loadAtStart = fmtLoad();
    const { startedAt, cpu: cpuAtStart } = await worker.ask<{ startedAt: number; cpu: NodeJS.CpuUsage }>(
      'start',
    );
    let left = stored;
    for (const deadline = Date.now() + 300_000; left > 0 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      left = await count(`select count(*)::int as n from sms_messages where status = 'received'`);
    }
    const cpuAtEnd = await worker.ask<NodeJS.CpuUsage>('cpu');
    // The PostgreSQL backends the worker opened (after its start), with their CPU so far.
    const backends = (
      (await db.execute(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and backend_start >= to_timestamp(${startedAt / 1000})`,
      )) as unknown as Rows<{ pid: number }>
    ).rows.map((r) => r.pid);
    const dbCpu = procCpuSeconds(backends);
    const profile = await worker.ask<string | null>('stop');
    const loadAtEnd = fmtLoad();
    const { rows: summaryRows } = (await db.execute(
      `select status, count(*)::int as n, extract(epoch from max(processed_at)) * 1000 as last
         from sms_messages group by status order by status`,
    )) as unknown as Rows<{ status: string; n: number; last: number | null }>;
    const last = Math.max(...summaryRows.map((r) => Number(r.last ?? 0)));
    if (process.env.BENCH_SMS_DRAIN_TIMELINE) {
      // Where the drain's time goes: messages relayed (their sms.received event sent) and routed per
      // 250 ms after the worker's start.
      const { rows: timeline } = (await db.execute(
        `with t as (
           select floor((extract(epoch from processed_at) * 1000 - ${startedAt}) / 250)::int as slot, 'routed' as what
             from sms_messages where processed_at is not null
           union all
           select floor((extract(epoch from sent_at) * 1000 - ${startedAt}) / 250)::int, 'relayed'
             from events where type = 'sms.received' and sent_at is not null)
         select slot, what, count(*)::int as n from t group by slot, what order by slot, what`,
      )) as unknown as Rows<{ slot: number; what: string; n: number }>;
      console.log(timeline.map((r) => `${(r.slot * 0.25).toFixed(2)} s ${r.what} ${r.n}`).join('\n'));
    }
    const routedN = stored - left;
    const seconds = (last - startedAt) / 1000;
    const perSecond = left === 0 ? routedN / seconds : Number.NaN;
    const cpuS = cpuSeconds(cpuAtEnd) - cpuSeconds(cpuAtStart);
    const cpuMsPerSms = (cpuS * 1000) / routedN;
    const dbMsPerSms = (dbCpu * 1000) / routedN;
    const notes = await count(`select count(*)::int as n from notes where source = 'sms'`);
    const replies = await count(
      `select count(*)::int as n from sms_outbound where idempotency_key like 'reply:%'`,
    );

    const summary = [
      `SMS routing backlog drain: ${routedN}/${stored} SMS routed in ${seconds.toFixed(2)} s from the worker's start = ${perSecond.toFixed(0)} SMS/s (target ≥ ${TARGET_PER_SECOND})`,
      `  outcomes: ${summaryRows.map((r) => `${r.status} ${r.n}`).join(', ')}; ${notes} notes, ${replies} replies recorded`,
      `  worker process CPU ${cpuMsPerSms.toFixed(2)} ms per SMS (${cpuS.toFixed(1)} CPU-s, relay + routing + replies + approval requests until the last was routed)`,
      `  PostgreSQL CPU of the worker's ${backends.length} backends ${dbMsPerSms.toFixed(2)} ms per SMS`,
      `  load average ${loadAtStart} at start, ${loadAtEnd} at end (1 / 5 / 15 min) on ${availableParallelism()} cores`,
      ...(profile ? [`  cpu profile: ${profile}`] : []),
    ].join('\n');
    console.log(summary);
    const floor = `load ${loadAtStart.split(' / ')[0]}–${loadAtEnd.split(' / ')[0]}`;
    const rows = [
      row({
        name: 'SMS routing backlog drain',
        value: perSecond,
        unit: 'SMS/s',
        min: TARGET_PER_SECOND,
        digits: 0,
        floor,
        valid: left === 0 && refused === 0,
      }),
      row({
        name: 'same, worker CPU per SMS (PostgreSQL CPU in note)',
        value: cpuMsPerSms,
        unit: 'ms',
        // 1,000 SMS/s on one of the machine's cores.
        max: 1,
        digits: 2,
        note: `(+ ${dbMsPerSms.toFixed(2)} ms PostgreSQL)`,
        floor,
      }),
    ];
    return { ok: rows[0].met, summary, rows };
  } finally {
    await worker?.close();
    await composed.close();
    await backend.dispose();
  }
}
