import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { waitFor } from './cluster';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

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

/** Waits for GET `path` to answer 200, failing early with the output when the process exits. */
export async function ready(proc: Running, path = '/readyz', timeoutMs = 90_000): Promise<void> {
  await waitFor(
    `${proc.url}${path}`,
    async () => {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
        throw new Error(`exited: ${proc.text().slice(-2000)}`);
      }
      return (await fetch(`${proc.url}${path}`)).status === 200;
    },
    timeoutMs,
  );
}
