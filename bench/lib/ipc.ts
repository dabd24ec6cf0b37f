// A child process that answers requests over IPC: `{ type, id, payload? }` out, `{ id, body }` back.
// The first message (id 0) is what the child says when it is ready (its URL and such).
import { type ChildProcess, fork } from 'node:child_process';

export interface Served<Info> {
  info: Info;
  ask: <T>(type: string, payload?: unknown) => Promise<T>;
  child: ChildProcess;
  /** Asks the child to close and waits for it to exit (kills it if it does not answer). */
  close(): Promise<void>;
}

export async function startChild<Info>(
  module: string,
  opts: { env?: Record<string, string>; execArgv?: string[] } = {},
): Promise<Served<Info>> {
  const child = fork(module, [], {
    execArgv: opts.execArgv ?? ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (body: unknown) => void>();
  let nextId = 1;
  const ready = new Promise<Info>((resolve, reject) => {
    waiting.set(0, (b) => resolve(b as Info));
    child.once('exit', (code) => reject(new Error(`${module} exited with ${code} before it was ready`)));
  });
  child.on('message', (msg: { id: number; body: unknown }) => {
    waiting.get(msg.id)?.(msg.body);
    waiting.delete(msg.id);
  });
  const ask = <T>(type: string, payload?: unknown) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, (b) => resolve(b as T));
      child.send({ type, id, payload });
    });
  const info = await ready;
  return {
    info,
    ask,
    child,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      if (child.connected) child.send({ type: 'close', id: nextId++ });
      await exited;
      clearTimeout(timer);
    },
  };
}

export const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

/**
 * The environment a child process (the gateway, the worker) needs to run beside the bench's API on
 * the same database, Redis prefix, secrets and data directory.
 */
export function sharedBackendEnv(backend: {
  db: { url?: string | null };
  deps: { config: { redisUrl: string; redisPrefix: string; jwtSecret: string; dataDir: string } };
}): Record<string, string> {
  const { config } = backend.deps;
  return {
    DATABASE_URL: backend.db.url ?? '',
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    JWT_SECRET: config.jwtSecret,
    DATA_DIR: config.dataDir,
    LOG_LEVEL: 'silent',
  };
}
