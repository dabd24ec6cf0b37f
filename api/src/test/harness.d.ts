import { Redis } from 'ioredis';
import { type Database } from '../db/client';
import type { AppDeps } from '../deps';
/** Admin connection used to create and drop per-test databases. */
export declare const TEST_PG_ADMIN_URL: string;
export declare const TEST_REDIS_URL: string;
/** `pglite` runs the same suite on embedded PGlite instead of PostgreSQL. */
export declare const TEST_DB_DRIVER: 'pg' | 'pglite';
export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}
/** A fresh, migrated database of its own: a new PostgreSQL database, or an in-memory PGlite. */
export declare function createTestDatabase(driver?: 'pg' | 'pglite'): Promise<TestDatabase>;
/** Deletes every Redis key under a prefix (tests own their prefix). */
export declare function clearRedisPrefix(redis: Redis, prefix: string): Promise<void>;
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
    opts?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      raw?: RawBody;
    },
  ): Promise<{
    status: number;
    body: T;
    headers: Headers;
  }>;
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
export declare function createTestBackend(opts: {
  env?: Record<string, string>;
  driver?: 'pg' | 'pglite';
  redisUrl?: string;
  dataDirPrefix: string;
}): Promise<TestBackend>;
/** `request` of a test server at `url`: JSON in and out, non-JSON answers returned as text. */
export declare function jsonRequester(url: string): TestApi['request'];
/**
 * Starts the API on a random port against its own database and Redis prefix.
 * `env` overrides configuration variables (e.g. FEATURE_SET, SMTP_URL).
 */
export declare function startTestApi(opts?: {
  env?: Record<string, string>;
  driver?: 'pg' | 'pglite';
}): Promise<TestApi>;
