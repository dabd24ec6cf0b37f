// The supervisor of separate-process mode: each child (api, worker, realtime) is restarted when it
// exits on its own, after a back-off that doubles on every quick crash (1 s, 2 s, 4 s … 30 s) and
// starts over once the child has stayed up for a minute. While a child is down the front proxy
// answers 503 with Retry-After (see proxy.ts) instead of a bare connection error.
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';

export interface ChildSpec {
  name: string;
  entry: string;
  port: number;
  env: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  cwd: string;
  say(msg: string): void;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Up this long without exiting and the next crash starts the back-off over. */
  stableMs?: number;
}

export interface Supervisor {
  /** Whether the child serving `port` is down (exited, or started but not ready yet). */
  isDown(port: number): boolean;
  /**
   * Resolves once every child has answered GET /readyz with 200 (each at least once since the
   * start): `npm start` says "Oppslag is running" only then, not when the front door opens.
   */
  ready(): Promise<void>;
  /** Stops every child (SIGTERM) and resolves when all have exited or after `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}

/** Resolves true once GET /readyz on the port answers 200; false when `alive()` turns false. */
async function waitReady(port: number, alive: () => boolean): Promise<boolean> {
  while (alive()) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/readyz', timeout: 1000 }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.on('timeout', () => req.destroy());
      req.end();
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

export function superviseChildren(specs: ChildSpec[], opts: SupervisorOptions): Supervisor {
  const minBackoff = opts.minBackoffMs ?? 1000;
  const maxBackoff = opts.maxBackoffMs ?? 30_000;
  const stableMs = opts.stableMs ?? 60_000;
  const running = new Map<string, ChildProcess>();
  const down = new Set<number>(specs.map((s) => s.port));
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;
  const everReady = new Set<string>();
  let allReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    allReady = resolve;
  });

  const launch = (spec: ChildSpec, backoff: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', spec.entry], {
      cwd: opts.cwd,
      stdio: 'inherit',
      env: { ...spec.env, PORT: String(spec.port) },
    });
    const startedAt = Date.now();
    running.set(spec.name, child);
    opts.say(`${spec.name} started (pid ${child.pid})`);
    void waitReady(spec.port, () => running.get(spec.name) === child && child.exitCode === null).then(
      (ok) => {
        if (!ok) return;
        down.delete(spec.port);
        everReady.add(spec.name);
        if (everReady.size === specs.length) allReady();
      },
    );
    child.once('exit', (code, signal) => {
      down.add(spec.port);
      if (stopping) return;
      const next = Date.now() - startedAt > stableMs ? minBackoff : backoff;
      opts.say(
        `${spec.name} (pid ${child.pid}) exited (${signal ?? code}); restarting in ${Math.round(next / 1000)} s`,
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) launch(spec, Math.min(next * 2, maxBackoff));
      }, next);
      timers.add(timer);
    });
  };
  for (const spec of specs) launch(spec, minBackoff);

  return {
    isDown: (port) => down.has(port),
    ready: () => ready,
    async stop(timeoutMs) {
      stopping = true;
      for (const t of timers) clearTimeout(t);
      const children = [...running.values()].filter((c) => c.exitCode === null && c.signalCode === null);
      const exited = children.map((c) => new Promise((r) => c.once('exit', r)));
      for (const c of children) c.kill('SIGTERM');
      await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
  };
}
