import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from 'pino';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { type Database, migrationsFolder, openDatabase, runMigrations } from '../db/client';
import type { AppDeps } from '../deps';
import { closeDeps, createDeps } from '../infra';
import { createLogger } from '../lib/logger';
import { listeningPort } from './listening-port';

/** Admin connection used to create and drop per-test databases. */
export const TEST_PG_ADMIN_URL =
  process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * `pglite` runs the same suite on embedded PGlite instead of PostgreSQL. Read at each call, not at
 * import: server test files share a worker's module cache (`isolate: false`).
 */
export const testDbDriver = (): 'pg' | 'pglite' =>
  process.env.TEST_DB_DRIVER === 'pglite' ? 'pglite' : 'pg';

/**
 * What a test server asked to run as production (NODE_ENV=production) gets unless its env says
 * otherwise: settings production accepts (config-checks.ts), pointing nowhere real.
 */
export const PRODUCTION_TEST_ENV: Readonly<Record<string, string>> = {
  PUBLIC_URL: 'https://oppslag.example.test',
  DEMO_DATA: 'false',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC-test',
  TWILIO_AUTH_TOKEN: 'test-token',
  PASSWORD_HASH_COST: 'strong',
};

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/**
 * A migrated, empty PGlite cluster as a dump. Starting PGlite from it costs about a fifth of the
 * CPU of a fresh one (initdb in WebAssembly, then the migrations: ~6 s of CPU, once per test server
 * of the `api-pglite` project). Made once per worker, and kept in the system's temp directory under
 * a hash of the migrations and the PGlite build so other workers and later runs read it instead
 * (written to a temporary name and renamed, so a reader never sees half a file); an unreadable or
 * stale file is ignored and made again.
 */
let pgliteSnapshot: Promise<Blob> | null = null;
/** A hash of the migrations (and of anything else given), naming the migrated copies kept between runs. */
function migrationsHash(...more: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  const addDir = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) addDir(path);
      else hash.update(name).update(readFileSync(path));
    }
  };
  addDir(migrationsFolder);
  for (const m of more) hash.update(m);
  return hash.digest('hex').slice(0, 16);
}
function pgliteSnapshotPath(): string {
  let build: string | Buffer;
  try {
    build = readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  } catch {
    build = 'pglite build unknown';
  }
  return join(tmpdir(), `oppslag-test-pglite-${migrationsHash(build)}.tar`);
}
async function openPgliteSnapshot(snapshot: Blob): Promise<Database> {
  const database = await openDatabase({ pgliteSnapshot: snapshot });
  // Idempotent on a migrated snapshot; it also proves the snapshot holds the current schema.
  await runMigrations(database);
  return database;
}
function migratedPgliteSnapshot(): Promise<Blob> {
  pgliteSnapshot ??= (async () => {
    const path = pgliteSnapshotPath();
    if (existsSync(path)) {
      const kept = new Blob([readFileSync(path)]);
      const ok = await openPgliteSnapshot(kept).then(
        (db) => db.close().then(() => true),
        () => false,
      );
      if (ok) return kept;
    }
    const database = await openDatabase({});
    await runMigrations(database);
    const dump = await (database.dump as () => Promise<Blob>)();
    await database.close();
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, path);
    return dump;
  })();
  pgliteSnapshot.catch(() => {
    pgliteSnapshot = null;
  });
  return pgliteSnapshot;
}

/**
 * The migrated, empty PostgreSQL database every test database is copied from (`CREATE DATABASE …
 * TEMPLATE`): a copy takes a fraction of a second where running the migrations into a new database
 * took 1–3 s of the server's time, once per test server. Named by a hash of the migrations, so a
 * changed migration gets a new one (and several checkouts on one server share or keep theirs; old
 * ones are not dropped, since another run may still copy them). Made once under an advisory lock,
 * and marked `is_template` only when migrated, so a half-made one (a killed run) is made again.
 */
let pgTemplate: Promise<string> | null = null;
const TEMPLATE_LOCK = 7_318_004_218;
function migratedPgTemplate(): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `oppslag_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const made = await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [
        name,
      ]);
      if (!made.rowCount) {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.query(`create database ${name}`);
        const database = await openDatabase({ url: pgUrl(name), poolSize: 1 });
        try {
          await runMigrations(database);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${name} is_template true`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  pgTemplate.catch(() => {
    pgTemplate = null;
  });
  return pgTemplate;
}
export const pgUrl = (name: string) => TEST_PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

/** A fresh, migrated database of its own: a new PostgreSQL database, or an in-memory PGlite. */
export async function createTestDatabase(driver = testDbDriver()): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await openPgliteSnapshot(await migratedPgliteSnapshot());
    return { database, drop: () => database.close() };
  }
  const template = await migratedPgTemplate();
  const name = `oppslag_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const made = await openPgTestDatabase(name);
  // A no-op on the copy (one query); it proves the template holds the current schema.
  await runMigrations(made.database);
  return made;
}

/** Opens the PostgreSQL database `name` (made by the caller) as a test database that drops itself. */
export async function openPgTestDatabase(name: string): Promise<TestDatabase> {
  const url = pgUrl(name);
  const database = await openDatabase({ url, poolSize: 5 });
  return {
    database,
    url,
    async drop() {
      await database.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Deletes every Redis key under a prefix (tests own their prefix). */
export async function clearRedisPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}

/** A request body sent as given (fetch's body type; server code has no DOM lib). */
export type RawBody = NonNullable<RequestInit['body']>;

export interface TestApi {
  url: string;
  deps: AppDeps;
  db: TestDatabase;
  /** Moves the app's clock; `null` returns to real time. */
  setNow(date: Date | null): void;
  request<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: RawBody },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/** A fresh database, data directory, Redis prefix and deps: what every in-process test server runs on. */
export interface TestBackend {
  db: TestDatabase;
  deps: AppDeps;
  /** Moves the app's clock; `null` returns to real time. */
  setNow(date: Date | null): void;
  /** Clears the Redis prefix, closes deps, drops the database and data dir; stop the server first. */
  dispose(): Promise<void>;
}

/**
 * Builds the back end a test server listens with. `env` overrides configuration variables;
 * `redisUrl` (or REDIS_URL in `env`) points a test at its own redis-server (fault tests kill it).
 */
export async function createTestBackend(opts: {
  env?: Record<string, string>;
  driver?: 'pg' | 'pglite';
  redisUrl?: string;
  dataDirPrefix: string;
  /** A database made beforehand (an earlier release's, for the upgrade tests); migrated like any. */
  db?: TestDatabase;
  /** Where every process's log lines go (silent when absent); log tests pass a capturing one. */
  logger?: Logger;
}): Promise<TestBackend> {
  const db = opts.db ?? (await createTestDatabase(opts.driver));
  const dataDir = mkdtempSync(join(tmpdir(), opts.dataDirPrefix));
  const prefix = `oppslag-test-${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    REDIS_URL: opts.redisUrl ?? TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Test worlds hash several passwords each; production keeps the strong default.
    PASSWORD_HASH_COST: 'test',
    ...(opts.env?.NODE_ENV === 'production' ? PRODUCTION_TEST_ENV : {}),
    ...opts.env,
  });
  let fixedNow: Date | null = null;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const deps = await createDeps(config, {
    database: db.database,
    logger: opts.logger ?? createLogger('silent'),
    redis,
    now: () => fixedNow ?? new Date(),
    migrate: true,
  });
  return {
    db,
    deps,
    setNow(date) {
      fixedNow = date;
    },
    async dispose() {
      await clearRedisPrefix(deps.redis, prefix);
      await closeDeps({ ...deps, database: { ...db.database, close: async () => undefined } });
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `request` of a test server at `url`: JSON in and out, non-JSON answers returned as text. */
export function jsonRequester(url: string): TestApi['request'] {
  return async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: RawBody | undefined = o.raw;
    if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(o.body);
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* non-JSON answers are returned as text */
    }
    // biome-ignore lint/suspicious/noExplicitAny: callers pick the body type, as in TestApi.request
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
}

/**
 * Starts the API on a random port against its own database and Redis prefix.
 * `env` overrides configuration variables (e.g. FEATURE_SET, SMTP_URL).
 */
export async function startTestApi(
  opts: { env?: Record<string, string>; driver?: 'pg' | 'pglite'; db?: TestDatabase; logger?: Logger } = {},
): Promise<TestApi> {
  const backend = await createTestBackend({ ...opts, dataDirPrefix: 'oppslag-test-' });
  const app = createApp(backend.deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${listeningPort(server)}`;
  return {
    url,
    deps: backend.deps,
    db: backend.db,
    setNow: backend.setNow,
    request: jsonRequester(url),
    async close() {
      await new Promise((r) => server.close(r));
      server.closeAllConnections?.();
      await backend.dispose();
    },
  };
}
