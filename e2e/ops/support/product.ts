import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from './cluster';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

export { freePort };

export interface Running {
  child: ChildProcess;
  url: string;
  output: string[];
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  text(): string;
}

/** Runs a TypeScript entry of this repository as its own OS process (`node --import tsx`). */
export function run(entry: string, env: Record<string, string>, port: number): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output, exited, text: () => output.join('') };
}

/** Waits for GET `path` to answer 200, failing at once with the output when the process exits. */
export async function ready(proc: Running, path = '/readyz', timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.url} exited: ${proc.text().slice(-2000)}`);
    }
    const status = await fetch(`${proc.url}${path}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${proc.url}${path}: ${proc.text().slice(-2000)}`);
}
