import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const helper = new URL('./shutdown.ts', import.meta.url).href;
const loggerModule = new URL('./logger.ts', import.meta.url).href;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'oppslag-shutdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs a process whose stop takes `stopMs` (or never ends), sends it SIGTERM once it is ready,
 * and returns its exit code and what it printed.
 */
async function runWithStop(
  stopMs: number | null,
  timeoutMs: number,
): Promise<{ code: number | null; out: string }> {
  const file = join(dir, `proc-${stopMs}-${timeoutMs}.ts`);
  writeFileSync(
    file,
    `import { isDraining, onShutdown } from '${helper}';
import { createLogger } from '${loggerModule}';
const logger = createLogger('silent');
onShutdown(logger, 'test', async () => {
  console.log('draining ' + isDraining());
  ${stopMs === null ? 'await new Promise(() => undefined);' : `await new Promise((r) => setTimeout(r, ${stopMs}));`}
  console.log('stopped');
}, { timeoutMs: ${timeoutMs} });
setInterval(() => undefined, 1000);
console.log('ready ' + isDraining());
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
    if (out.includes('ready') && !out.includes('draining')) child.kill('SIGTERM');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, out };
}

describe('onShutdown', () => {
  it('runs the stop on SIGTERM, marks the process draining, and exits 0', async () => {
    const { code, out } = await runWithStop(200, 10_000);
    expect(out).toContain('ready false');
    expect(out).toContain('draining true');
    expect(out).toContain('stopped');
    expect(code).toBe(0);
  });

  it('exits 1 when the stop outlives the deadline', async () => {
    // The stop never ends: only the 500 ms deadline can end the process (else the test times out).
    const { code, out } = await runWithStop(null, 500);
    expect(out).toContain('draining true');
    expect(out).not.toContain('stopped');
    expect(code).toBe(1);
  });
});
