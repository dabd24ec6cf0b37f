import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { clearRedisPrefix, TEST_REDIS_URL } from '@oppslag/api/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { call, waitFor } from './support/cluster';
import { freePort, type Running, ready, run } from './support/product';

/**
 * One process per DATA_DIR, with real processes on embedded PGlite: a second one refuses at once
 * naming the holder, and a process killed with SIGKILL in the middle of writing leaves a directory
 * that opens again with every acknowledged write in it.
 */
describe('one process per DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oppslag-datadir-'));
  const env = {
    DATA_DIR: dataDir,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `oppslag-datadir-${randomBytes(6).toString('hex')}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
  };
  const procs: Running[] = [];
  const start = async (entry: string) => {
    const proc = run(entry, env, await freePort());
    procs.push(proc);
    return proc;
  };

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await clearRedisPrefix(redis, env.REDIS_PREFIX).catch(() => undefined);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second process refuses at once, naming the holder; a killed holder leaves no data behind', async () => {
    const first = await start('api/src/main.ts');
    await ready(first);
    const lock = JSON.parse(readFileSync(join(dataDir, 'oppslag.lock'), 'utf8'));
    expect(lock.pid).toBe(first.child.pid);

    // The same entry, and `npm start`'s entry (which checks before building anything), both refuse.
    for (const entry of ['api/src/main.ts', 'scripts/start.ts']) {
      const second = await start(entry);
      expect(await second.exited, entry).toBe(1);
      expect(second.text(), entry).toContain(`in use by process ${first.child.pid}`);
      expect(second.text(), entry).toContain(lock.startedAt);
    }
    // The refused ones did not touch the holder: it still answers.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    // Install and sign in, then 500 note writes (4 at a time); SIGKILL once 200 are acknowledged.
    const installed = await call(first.url, 'POST', '/api/admin/install', {
      body: { adminEmail: 'drill@example.com', adminPassword: 'drill-password-123', rootEntity: 'Drill' },
    });
    expect(installed.status).toBe(201);
    const login = await call(first.url, 'POST', '/api/authentication/login', {
      body: { email: 'drill@example.com', password: 'drill-password-123' },
    });
    const token = login.body.token as string;
    const entityId = installed.body.rootEntity.id as number;
    const acknowledged: number[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (next < 500) {
        const n = next++;
        const res = await call(first.url, 'POST', `/api/content/${entityId}/note`, {
          token,
          body: { text: `<p>drill ${n}</p>`, date: new Date().toISOString(), approved: true },
        }).catch(() => null);
        if (!res) return; // the process is gone
        expect(res.status).toBe(201);
        acknowledged.push(res.body.id);
        if (acknowledged.length === 200 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect(await first.exited).toBeNull();
    expect(killed).toBe(true);
    // The killed process's lock is still there; its pid is dead, so the next start takes it over.
    expect(existsSync(join(dataDir, 'oppslag.lock'))).toBe(true);

    const again = await start('api/src/main.ts');
    await ready(again);
    expect(JSON.parse(readFileSync(join(dataDir, 'oppslag.lock'), 'utf8')).pid).toBe(again.child.pid);
    const listed = await call(again.url, 'GET', `/api/content/${entityId}/note`, { token });
    expect(listed.status).toBe(200);
    const stored = new Set((listed.body as { id: number }[]).map((n) => n.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // A clean stop releases the directory within the shutdown deadline, and it opens once more.
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(existsSync(join(dataDir, 'oppslag.lock'))).toBe(false);
    const pglite = new PGlite(join(dataDir, 'pglite'));
    try {
      const rows = await pglite.query<{ n: number }>('select count(*)::int as n from notes');
      expect(rows.rows[0].n).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await pglite.close();
    }
    await waitFor('nothing left running', () =>
      procs.every((p) => p.child.exitCode !== null || p.child.signalCode !== null),
    );
  });
});
