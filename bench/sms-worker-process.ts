// Child process of the sms-drain bench: the worker role alone (outbox relay and every processor),
// as `worker/src/main.ts` runs it in production, on the API's PostgreSQL database and Redis prefix,
// so its CPU time is the worker's and nothing else's. Configured by the environment (DATABASE_URL,
// REDIS_URL, REDIS_PREFIX, JWT_SECRET, DATA_DIR); talks to the bench over IPC. The runtime starts
// only on `start`, so the backlog is filled first and drained from a known instant.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { closeDeps, createDeps, createLogger, loadConfig } from '@oppslag/api/core';
import { startWorkerRuntime, type WorkerRuntime } from '@oppslag/worker';

const config = loadConfig();
const deps = await createDeps(config, { logger: createLogger(process.env.BENCH_WORKER_LOG ?? 'silent') });
let runtime: WorkerRuntime | null = null;

// BENCH_CPU_PROF=dir: a CPU profile of the drain (from `start` to `stop`), written there.
let profiler: Session | null = null;
async function startProfile(): Promise<void> {
  if (!process.env.BENCH_CPU_PROF) return;
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await profiler.post('Profiler.start');
}
async function stopProfile(): Promise<string | null> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!profiler || !dir) return null;
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = null;
  const file = join(dir, `sms-drain-worker-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

process.on('message', async (msg: { type: string; id: number }) => {
  const reply = (body: unknown) => process.send?.({ id: msg.id, body });
  if (msg.type === 'cpu') reply(process.cpuUsage());
  else if (msg.type === 'start') {
    await startProfile();
    const startedAt = Date.now();
    const cpu = process.cpuUsage();
    runtime = await startWorkerRuntime(deps, { background: false, sweepMs: 200 });
    reply({ startedAt, cpu });
  } else if (msg.type === 'stop') reply(await stopProfile());
  else if (msg.type === 'close') {
    await runtime?.close();
    await closeDeps(deps);
    reply(true);
    process.exit(0);
  }
});
process.send?.({ id: 0, body: { pid: process.pid } });
