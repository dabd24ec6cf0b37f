import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AppDeps,
  type Config,
  closeDeps,
  createDeps,
  createLogger,
  loadConfig,
  runMigrations,
} from '@oppslag/api/core';
import {
  clearRedisPrefix,
  createTestDatabase,
  jsonRequester,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@oppslag/api/testing';
import { Redis } from 'ioredis';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ENTRIES = {
  api: 'api/src/main.ts',
  worker: 'worker/src/main.ts',
  realtime: 'realtime/src/main.ts',
} as const;
export type Role = keyof typeof ENTRIES;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value (not undefined/false) or the deadline passes. */
export async function waitFor<T>(what: string, check: () => Promise<T> | T, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}

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

export interface Proc {
  role: Role;
  port: number;
  url: string;
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * api, worker and realtime as separate OS processes (`node --import tsx <entry>`), each on its own
 * port, sharing one fresh PostgreSQL database and one Redis prefix; `deps` is this test process's
 * own connection to the same database for fixtures and for counting rows.
 */
export class Cluster {
  readonly procs = new Set<Proc>();
  private constructor(
    readonly db: TestDatabase,
    readonly config: Config,
    readonly deps: AppDeps,
    private readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  static async start(): Promise<Cluster> {
    const db = await createTestDatabase('pg');
    await runMigrations(db.database);
    const dataDir = mkdtempSync(join(tmpdir(), 'oppslag-cluster-'));
    const env = {
      DATABASE_URL: db.url as string,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `oppslag-cluster-${randomBytes(6).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMS_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
    };
    const config = loadConfig({ ...env, PORT: '0' });
    const deps = await createDeps(config, { database: db.database, logger: createLogger('silent') });
    return new Cluster(db, config, deps, dataDir, env);
  }

  /** Starts one process and waits until its /readyz answers 200. */
  async spawn(role: Role, port?: number): Promise<Proc> {
    const p = port ?? (await freePort());
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRIES[role]], {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(p), PUBLIC_URL: `http://127.0.0.1:${p}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (d) => output.push(String(d)));
    child.stderr?.on('data', (d) => output.push(String(d)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const proc: Proc = { role, port: p, url: `http://127.0.0.1:${p}`, child, output, exited };
    this.procs.add(proc);
    void exited.then(() => this.procs.delete(proc));
    await waitFor(
      `${role} on :${p} to be ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${role} exited: ${output.join('').slice(-2000)}`);
        return (await fetch(`${proc.url}/readyz`)).status === 200;
      },
      90_000,
    );
    return proc;
  }

  /** SIGTERM and wait for the exit code. */
  async stop(proc: Proc): Promise<number | null> {
    proc.child.kill('SIGTERM');
    return proc.exited;
  }

  /** Kills every process, drops the database and deletes the Redis prefix; safe after a failure. */
  async close(): Promise<void> {
    for (const proc of this.procs) proc.child.kill('SIGKILL');
    await Promise.all([...this.procs].map((p) => p.exited));
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await clearRedisPrefix(redis, this.config.redisPrefix).catch(() => undefined);
    redis.disconnect();
    await closeDeps({ ...this.deps, database: { ...this.db.database, close: async () => undefined } }).catch(
      () => undefined,
    );
    await this.db.drop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A JSON request against one process, answered like the API test harness's `request`. */
// biome-ignore lint/suspicious/noExplicitAny: answers are asserted field by field, like the API test harness
export function call<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<{ status: number; body: T }> {
  return jsonRequester(base)<T>(method, path, opts).then(({ status, body }) => ({ status, body }));
}

/** A Prometheus counter/histogram sample summed over its label sets, read from a process. */
export async function metricValue(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) total += Number(line.split(' ').pop());
  }
  return total;
}
