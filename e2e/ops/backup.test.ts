import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  clearRedisPrefix,
  createTestDatabase,
  pgUrl,
  pngSample,
  TEST_PG_ADMIN_URL,
  TEST_REDIS_URL,
} from '@oppslag/api/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './support/cluster';
import { freePort, type Running, ready, root, run } from './support/product';

/**
 * The restore drill of docs/operations.md ("Backup and restore"), with real processes: fill an
 * installation through the API (notes, an uploaded image, a display registered with its key), back
 * it up the documented way, restore into an empty installation, start the API on it and find it
 * all: the notes, the image's bytes, the display's API key and its existing token still accepted,
 * the admin's password. PostgreSQL: `pg_dump -Fc` / `pg_restore` (assets are rows there). PGlite:
 * stop, `npm run backup` (scripts/backup.ts), restore by unpacking into an empty DATA_DIR.
 */

const prefixes: string[] = [];
const procs: Running[] = [];
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const p of procs) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  for (const prefix of prefixes) await clearRedisPrefix(redis, prefix).catch(() => undefined);
  redis.disconnect();
  for (const c of cleanups) await c();
});

const tmp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `oppslag-backup-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const baseEnv = () => {
  const prefix = `oppslag-backup-${randomBytes(6).toString('hex')}`;
  prefixes.push(prefix);
  return {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
  };
};
async function startApi(env: Record<string, string>): Promise<Running> {
  const proc = run('api/src/main.ts', env, await freePort());
  procs.push(proc);
  await ready(proc);
  return proc;
}
const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));

const ADMIN = { email: 'drill@example.com', password: 'drill-password-123' };

interface Filled {
  entityId: number;
  notes: string[];
  assetId: string;
  image: Buffer;
  display: { displayId: string; apiKey: string; token: string };
}

async function original(url: string, token: string, assetId: string): Promise<Buffer> {
  const res = await fetch(`${url}/api/assets/${assetId}/original`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Installs and fills an installation through its API. */
async function fill(url: string): Promise<Filled> {
  const installed = await call(url, 'POST', '/api/admin/install', {
    body: { adminEmail: ADMIN.email, adminPassword: ADMIN.password, rootEntity: 'Drill borettslag' },
  });
  expect(installed.status).toBe(201);
  const token = (await call(url, 'POST', '/api/authentication/login', { body: ADMIN })).body.token as string;
  const entityId = installed.body.rootEntity.id as number;
  const notes = Array.from({ length: 20 }, (_, i) => `Oppslag ${i}: vaskeriet stenger kl. ${10 + (i % 8)}`);
  for (const text of notes) {
    const res = await call(url, 'POST', `/api/content/${entityId}/note`, {
      token,
      body: { text: `<p>${text}</p>`, date: new Date().toISOString(), approved: true },
    });
    expect(res.status).toBe(201);
  }
  const form = new FormData();
  form.append('entity', String(entityId));
  form.append(
    'file',
    new Blob([new Uint8Array(await pngSample(800, 600, '#2a6f97'))], { type: 'image/png' }),
    'plan.png',
  );
  const uploaded = await fetch(`${url}/api/assets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const assetId = String(((await uploaded.json()) as { asset: { id: string | number } }).asset.id);
  const { displayId, apiKey } = installed.body.masterDisplay as { displayId: string; apiKey: string };
  const registered = await call(url, 'POST', '/api/display/register', { body: { displayId, apiKey } });
  expect(registered.status).toBe(200);
  return {
    entityId,
    notes,
    assetId,
    image: await original(url, token, assetId),
    display: { displayId, apiKey, token: registered.body.token },
  };
}

/** Everything `fill` stored is there, and the credentials it handed out still work. */
async function expectRestored(url: string, filled: Filled): Promise<void> {
  const login = await call(url, 'POST', '/api/authentication/login', { body: ADMIN });
  expect(login.status).toBe(200);
  const token = login.body.token as string;
  const listed = await call(url, 'GET', `/api/content/${filled.entityId}/note`, { token });
  expect(listed.status).toBe(200);
  const texts = (listed.body as { text: string }[]).map((n) => n.text.replace(/<\/?p>/g, ''));
  expect(texts.sort()).toEqual([...filled.notes].sort());
  expect((await original(url, token, filled.assetId)).equals(filled.image)).toBe(true);
  // The display's token from before the backup, and its API key for a new one.
  const manifest = await call(url, 'GET', '/api/display/manifest', { token: filled.display.token });
  expect(manifest.status).toBe(200);
  expect(manifest.body.displayId).toBe(filled.display.displayId);
  const again = await call(url, 'POST', '/api/display/register', {
    body: { displayId: filled.display.displayId, apiKey: filled.display.apiKey },
  });
  expect(again.status).toBe(200);
  expect(
    (
      await call(url, 'POST', '/api/display/register', {
        body: { displayId: filled.display.displayId, apiKey: 'not-the-key' },
      })
    ).status,
  ).toBe(401);
}

describe('backup and restore drill', () => {
  it('PostgreSQL: pg_dump -Fc of a filled installation restores into an empty database', {
    timeout: 240_000,
  }, async () => {
    const source = await createTestDatabase('pg');
    cleanups.push(() => source.drop());
    // PostgreSQL installations configure their secrets (the k8s Secret, compose's environment):
    // the restored API gets the same JWT_SECRET, as it would from the secret store.
    const secrets = {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SMS_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    };
    const api = await startApi({
      ...baseEnv(),
      ...secrets,
      DATABASE_URL: source.url ?? '',
      DATA_DIR: tmp('pg-a'),
    });
    const filled = await fill(api.url);

    const dump = join(tmp('pg-dump'), 'oppslag.dump');
    let t = performance.now();
    execFileSync('pg_dump', ['-Fc', '-d', source.url ?? '', '-f', dump]);
    const dumpSeconds = seconds(t);
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);

    const target = `oppslag_restore_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${target}`);
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${target} with (force)`);
      await c.end();
    });
    await admin.end();
    t = performance.now();
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', pgUrl(target), dump]);
    const restoreSeconds = seconds(t);

    const restored = await startApi({
      ...baseEnv(),
      ...secrets,
      DATABASE_URL: pgUrl(target),
      DATA_DIR: tmp('pg-b'),
    });
    await expectRestored(restored.url, filled);
    console.log(
      `[backup drill] PostgreSQL: dump ${statSync(dump).size} bytes in ${dumpSeconds} s, pg_restore in ${restoreSeconds} s`,
    );
  });

  it('PGlite: stop, npm run backup, unpack into an empty DATA_DIR, start', { timeout: 240_000 }, async () => {
    const dataDir = tmp('pglite-a');
    const env = { ...baseEnv(), DATA_DIR: dataDir };
    const api = await startApi(env);
    const filled = await fill(api.url);
    const archive = join(tmp('pglite-archive'), 'oppslag-backup.tar.gz');
    const backup = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', archive], {
        cwd: root,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });

    // While Oppslag runs, a copy would not be consistent: the backup refuses, naming the process.
    const refused = backup();
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(`in use by process ${api.child.pid}`);
    expect(() => statSync(archive)).toThrow();

    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    let t = performance.now();
    const made = backup();
    const backupSeconds = seconds(t);
    expect(made.status, made.stdout + made.stderr).toBe(0);

    // Restore: an empty directory, the archive unpacked into it, Oppslag started on it.
    const restoredDir = join(tmp('pglite-b'), 'data');
    mkdirSync(restoredDir);
    t = performance.now();
    execFileSync('tar', ['-xzf', archive, '-C', restoredDir]);
    const unpackSeconds = seconds(t);
    rmSync(dataDir, { recursive: true, force: true }); // the original is gone: nothing is read from it
    t = performance.now();
    const restored = await startApi({ ...baseEnv(), DATA_DIR: restoredDir });
    const startSeconds = seconds(t);
    await expectRestored(restored.url, filled);
    console.log(
      `[backup drill] PGlite: archive ${statSync(archive).size} bytes, npm run backup ${backupSeconds} s, ` +
        `unpack ${unpackSeconds} s, start on the copy ${startSeconds} s`,
    );
  });
});
