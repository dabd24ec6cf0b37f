// Child process of the realtime bench: the Socket.IO gateway alone, as `realtime/src/main.ts` runs
// it in production (its own process, on the API's PostgreSQL database and Redis prefix), so its CPU
// time and heap are the gateway's and nothing else's. Configured by the environment (DATABASE_URL,
// REDIS_URL, REDIS_PREFIX, JWT_SECRET, DATA_DIR, PORT); talks to the bench over IPC.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { closeDeps, createDeps, createLogger, loadConfig } from '@oppslag/api/core';
import { LISTEN_BACKLOG } from '@oppslag/api/http';
import { composeServer } from '@oppslag/stack';

const config = loadConfig();
const deps = await createDeps(config, { logger: createLogger('silent') });
const composed = await composeServer(deps, { realtime: true });
await new Promise<void>((resolve) =>
  composed.server.listen({ port: config.port, host: '127.0.0.1', backlog: LISTEN_BACKLOG }, resolve),
);
const { port } = composed.server.address() as { port: number };

const gc = (globalThis as { gc?: () => void }).gc;
const heapUsed = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

// A CPU profile of a chosen stretch (the bench profiles the fan-out bursts when BENCH_GATEWAY_PROF
// names a directory): `profile-start`, then `profile-stop` writes it there.
let profiler: Session | null = null;
async function profile(type: string, dir?: string): Promise<string | null> {
  if (type === 'profile-start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.start');
    return null;
  }
  if (!profiler || !dir) return null;
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = null;
  const file = join(dir, `gateway-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

process.on('message', async (msg: { type: string; id: number; payload?: unknown }) => {
  const reply = (body: unknown) => process.send?.({ id: msg.id, body });
  if (msg.type === 'cpu') reply(process.cpuUsage());
  else if (msg.type === 'heap') reply(heapUsed());
  // A heap snapshot of the gateway (for finding what each connection holds), to the given path.
  else if (msg.type === 'snapshot') reply(writeHeapSnapshot(msg.payload as string));
  else if (msg.type.startsWith('profile-')) reply(await profile(msg.type, msg.payload as string));
  else if (msg.type === 'sockets') reply(composed.realtime?.io.of('/').sockets.size ?? 0);
  else if (msg.type === 'close') {
    await composed.close();
    await closeDeps(deps);
    reply(true);
    process.exit(0);
  }
});
process.send?.({ id: 0, body: { url: `http://127.0.0.1:${port}` } });
