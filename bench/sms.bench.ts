// Bench: inbound SMS. Webhook acceptance (signed generic webhooks, open loop at 200 requests/s)
// with its latency, and SMS-to-screen latency (webhook → note.created at a connected display
// socket) through the whole back end in this process: API, worker (sms job, outbox relay) and the
// realtime gateway, on PostgreSQL and Redis.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { autoApproveNumbers, encodeDisplayId } from '@oppslag/api/core';
import { createEntity, genericWebhook } from '@oppslag/api/testing';
import { nextEvent, startTestStack } from '@oppslag/stack/testing';
import type { BenchOutcome } from './lib/bench';

export const description =
  'SMS webhook acceptance at 200 req/s (p99 target < 50 ms) and SMS-to-screen latency';

const SECRET = 'bench-webhook-secret';
const RATE = Number(process.env.BENCH_SMS_RATE ?? 200);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const SCREEN_SAMPLES = Number(process.env.BENCH_SMS_SCREEN_SAMPLES ?? 50);
const P99_TARGET_MS = 50;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
}
const f = (v: number) => `${v.toFixed(1)} ms`;

export async function run(): Promise<BenchOutcome> {
  const stack = await startTestStack({ env: { SMS_WEBHOOK_SECRET: SECRET } });
  try {
    const db = stack.deps.database.db;
    const root = await createEntity(stack.deps, { name: 'System', type: 'system' });
    const org = await createEntity(stack.deps, {
      name: 'Borettslaget',
      type: 'organization',
      parentId: root.id,
      codeWord: 'bench',
    });
    const display = await createEntity(stack.deps, {
      name: 'Skjerm',
      type: 'display',
      parentId: org.id,
      apiKey: 'bench-key',
    });
    await db
      .insert(autoApproveNumbers)
      .values({ entityId: org.id, number: '004791111111', description: 'Bench' });
    const reg = await stack.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(display.id), apiKey: 'bench-key' },
    });
    const socket = await stack.connect(reg.body.token as string);
    const send = (id: string, text: string) => {
      const hook = genericWebhook(SECRET, { id, from: '+4791111111', text });
      return fetch(stack.url + hook.path, { method: 'POST', headers: hook.headers, body: hook.body });
    };

    // In production the API and the worker are separate processes; here they share one, so the
    // sms consumer waits while acceptance is measured and works the backlog off afterwards.
    const smsWorker = stack.composed.worker?.workers.find((w) => w.name === 'sms');
    await smsWorker?.pause(true);
    // Open loop: requests leave on schedule whatever the answers do, as a provider's would.
    const total = Math.round((RATE * DURATION_MS) / 1000);
    const latencies: number[] = [];
    let accepted = 0;
    let failed = 0;
    const failures = new Map<string, number>();
    const fail = (why: string) => {
      failed++;
      failures.set(why, (failures.get(why) ?? 0) + 1);
    };
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(
        (async () => {
          const t = performance.now();
          try {
            const res = await send(`bench-${i}`, `BENCH load ${i}`);
            await res.arrayBuffer();
            latencies.push(performance.now() - t);
            if (res.status === 200) accepted++;
            else fail(`HTTP ${res.status}`);
          } catch (err) {
            fail((err as Error).cause ? String((err as Error).cause) : (err as Error).message);
          }
        })(),
      );
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1000;
    // CPU per webhook (server and sender together) barely moves with other load on the machine.
    const cpu = process.cpuUsage(cpuStart);
    const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / total;
    const acceptance = stats(latencies);
    smsWorker?.resume();
    // Let the worker finish the backlog so the screen latency below is not queueing behind it.
    const drainStart = performance.now();
    for (;;) {
      const { rows } = (await db.execute(
        `select count(*)::int as n from sms_messages where status = 'received'`,
      )) as unknown as { rows: { n: number }[] };
      if (rows[0].n === 0 || performance.now() - drainStart > 60_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const drainSeconds = (performance.now() - drainStart) / 1000;

    const screen: number[] = [];
    for (let i = 0; i < SCREEN_SAMPLES; i++) {
      const marker = `screen ${i} ${Date.now()}`;
      const arrived = nextEvent<{ data: { note: { text: string } } }>(
        socket,
        'note.created',
        (e) => e.data.note.text.includes(marker),
        10_000,
      );
      const t = performance.now();
      await (await send(`screen-${i}`, `BENCH ${marker}`)).arrayBuffer();
      await arrived;
      screen.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
    const toScreen = stats(screen);
    const rate = accepted / total;
    const ok = failed === 0 && acceptance.p99 < P99_TARGET_MS;
    const summary = [
      `inbound SMS webhooks (generic, signed), open loop at ${RATE} req/s for ${(DURATION_MS / 1000).toFixed(0)} s (load average ${loadavg()[0].toFixed(1)})`,
      `  acceptance: ${accepted}/${total} answered 200 (${(rate * 100).toFixed(1)} %), ${failed} failed${failed ? ` (${[...failures].map(([k, n]) => `${n}× ${k}`).join(', ')})` : ''}, sent at ${(total / seconds).toFixed(0)} req/s`,
      `  process CPU ${cpuMsPerRequest.toFixed(2)} ms per webhook (≈ ${(1000 / cpuMsPerRequest).toFixed(0)} webhooks per CPU-second)`,
      `  webhook latency: p50 ${f(acceptance.p50)}  p99 ${f(acceptance.p99)}  max ${f(acceptance.max)} (target p99 < ${P99_TARGET_MS} ms)`,
      `  backlog of ${total} SMS routed to notes ${drainSeconds.toFixed(1)} s after the last request`,
      `SMS-to-screen (webhook → note.created at a display socket), ${SCREEN_SAMPLES} sequential SMS:`,
      `  p50 ${f(toScreen.p50)}  p99 ${f(toScreen.p99)}  max ${f(toScreen.max)}`,
    ].join('\n');
    console.log(summary);
    return { ok, summary };
  } finally {
    await stack.close();
  }
}
