import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearRedisPrefix, TEST_REDIS_URL } from '@oppslag/api/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { call, waitFor } from './support/cluster';
import { freePort, type Running, ready, run } from './support/product';

/**
 * `NODE_ENV=production` as an operator starts it (issue 26 item 5): real processes, their real
 * output. Unsafe settings stop every entry point with one list and no stack trace; a safe start
 * that is not installed yet prints the install token another machine must show.
 */
const STACK_LINE = /^\s+at /m;
const dirs: string[] = [];
const procs: Running[] = [];
const prefix = `oppslag-prodstart-${randomBytes(6).toString('hex')}`;

function start(entry: string, env: Record<string, string>, port = 0): Running {
  const dataDir = mkdtempSync(join(tmpdir(), 'oppslag-prodstart-'));
  dirs.push(dataDir);
  const proc = run(
    entry,
    { DATA_DIR: dataDir, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, ...env },
    port,
  );
  procs.push(proc);
  return proc;
}

afterAll(async () => {
  for (const p of procs) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  await clearRedisPrefix(redis, prefix).catch(() => undefined);
  redis.disconnect();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('production start with unsafe settings', () => {
  // What the issue found accepted: demo data, the log provider, localhost and compose's old secret.
  const unsafe = {
    NODE_ENV: 'production',
    DEMO_DATA: 'true',
    SMS_PROVIDER: 'log',
    PUBLIC_URL: 'http://localhost:8080',
    JWT_SECRET: 'compose-development-secret-change-me-please-0123456789',
  };

  it.each(['scripts/start.ts', 'api/src/main.ts', 'worker/src/main.ts', 'realtime/src/main.ts'])(
    '%s refuses, naming every unsafe variable at once, without a stack trace',
    async (entry) => {
      const proc = start(entry, unsafe);
      expect(await proc.exited).toBe(1);
      const out = proc.text();
      for (const name of ['DEMO_DATA', 'SMS_PROVIDER', 'PUBLIC_URL', 'JWT_SECRET']) {
        expect(out, entry).toMatch(new RegExp(`^\\s+- ${name}: `, 'm'));
      }
      expect(out).not.toMatch(STACK_LINE);
      // Nothing was seeded or printed as if it had started.
      expect(out).not.toContain('demo-superadmin');
    },
  );

  it('a malformed value ends in the same clean list, outside production too', async () => {
    const proc = start('api/src/main.ts', {
      NODE_ENV: 'development',
      LOG_LEVEL: 'loud',
      JWT_SECRET: 'short',
    });
    expect(await proc.exited).toBe(1);
    expect(proc.text()).toMatch(/^\s+- JWT_SECRET: must be at least 32 characters/m);
    expect(proc.text()).toMatch(/^\s+- LOG_LEVEL: /m);
    expect(proc.text()).not.toMatch(STACK_LINE);
  });
});

/** This machine's address on a real interface: a peer connecting to it is not loopback. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

describe('production start, uninstalled', () => {
  const safe = {
    NODE_ENV: 'production',
    DEMO_DATA: 'false',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC-e2e',
    TWILIO_AUTH_TOKEN: 'e2e-token',
    PUBLIC_URL: 'https://oppslag.example.no',
    JWT_SECRET: randomBytes(36).toString('base64url'),
    LOG_LEVEL: 'warn',
    // The test runner's environment lowers it; production allows only the strong cost.
    PASSWORD_HASH_COST: 'strong',
  };
  const body = { adminEmail: 'drift@example.no', adminPassword: 'demo-superadmin', rootEntity: 'Solsiden' };

  it('prints an install token that another machine must show; a demo password never signs in', async () => {
    const port = await freePort();
    const api = start('api/src/main.ts', safe, port);
    await ready(api);
    const token = await waitFor('install token printed', () =>
      api
        .text()
        .match(/install token: (\S+)/)
        ?.at(1),
    );
    // Another machine: this host's own interface address (the socket is not loopback), or where
    // there is none, a proxy on this machine forwarding a remote client.
    const address = externalAddress();
    const base = address ? `http://${address}:${port}` : api.url;
    const headers: Record<string, string> = address ? {} : { 'x-forwarded-for': '203.0.113.9' };

    const without = await call(base, 'POST', '/api/admin/install', { body, headers });
    expect(without.status).toBe(403);
    expect(without.body.error.code).toBe('install_token_required');
    const withToken = await call(base, 'POST', '/api/admin/install', {
      body: { ...body, installToken: token },
      headers,
    });
    expect(withToken.status).toBe(201);
    const reused = await call(base, 'POST', '/api/admin/install', {
      body: { ...body, installToken: token },
      headers,
    });
    expect(reused.body.error.code).toBe('already_installed');

    // The admin chose the demo's published password: production does not sign it in.
    const signIn = await call(api.url, 'POST', '/api/authentication/login', {
      body: { email: body.adminEmail, password: body.adminPassword },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.code).toBe('demo_password_refused');
    expect(api.text()).not.toMatch(STACK_LINE);
  });
});
