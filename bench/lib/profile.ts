import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * With BENCH_CPU_PROF=<dir>, records a V8 CPU profile of this process (the servers under test)
 * while `work` runs and writes it to <dir>/<name>.cpuprofile: the same profiler as
 * `node --cpu-prof`, but covering only the measured load, not start-up and seeding. Read it with
 * `node scripts/cpu-profile-top.mjs <file>` or open it in Chrome DevTools / speedscope.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const file = join(dir, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`cpu profile: ${file}`);
    session.disconnect();
  }
}
