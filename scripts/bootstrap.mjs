#!/usr/bin/env node
// Entry point behind `npm start`, `npm test` and `npm run bench` on a fresh clone.
// It must run on the machine's own Node (even an old one): it installs dependencies when they are
// missing or stale, makes sure PostgreSQL/Redis answer where needed, and then hands over to the
// project's pinned Node 24 (the `node` devDependency) to run the TypeScript entry points.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './install.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'node_modules', '.bin');
const command = process.argv[2] ?? 'start';
const log = (msg) => console.log(`[oppslag] ${msg}`);

function reachable(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostPort(url, fallbackPort) {
  try {
    const u = new URL(url);
    return { host: u.hostname || '127.0.0.1', port: Number(u.port) || fallbackPort };
  } catch {
    return { host: '127.0.0.1', port: fallbackPort };
  }
}

function which(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
}

async function waitFor(host, port, label, seconds = 20) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await reachable(host, port, 250)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`${label} did not come up on ${host}:${port}`);
  return false;
}

async function ensureRedis() {
  const { host, port } = hostPort(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 6379);
  if (await reachable(host, port)) return;
  if (!['127.0.0.1', 'localhost'].includes(host)) {
    log(`Redis at ${host}:${port} does not answer`);
    return;
  }
  if (!which('redis-server') && process.getuid?.() === 0 && which('apt-get')) {
    log('installing redis-server with apt-get…');
    spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq redis-server'], {
      stdio: 'inherit',
    });
  }
  if (!which('redis-server')) {
    log('Redis is not running and redis-server is not installed; set REDIS_URL or install Redis.');
    return;
  }
  log(`starting redis-server on port ${port}…`);
  spawnSync(
    'redis-server',
    ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { stdio: 'inherit' },
  );
  await waitFor(host, port, 'Redis');
}

async function ensurePostgres() {
  const url = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { host, port } = hostPort(url, 5432);
  if (await reachable(host, port)) return;
  if (!which('pg_ctlcluster') && process.getuid?.() === 0 && which('apt-get')) {
    log('installing postgresql with apt-get…');
    spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq postgresql'], { stdio: 'inherit' });
  }
  if (which('pg_ctlcluster')) {
    const versions = execFileSync('sh', ['-c', 'ls /etc/postgresql 2>/dev/null || true'], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .filter(Boolean);
    for (const v of versions) {
      log(`starting PostgreSQL ${v}…`);
      spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', v, 'main', 'start'], { stdio: 'inherit' });
    }
    await waitFor(host, port, 'PostgreSQL');
  } else {
    log('PostgreSQL does not answer; set TEST_PG_ADMIN_URL to a server the tests may create databases on.');
  }
}

const scripts = { start: 'scripts/start.ts', test: 'scripts/test.ts', bench: 'bench/run.ts' };
if (!scripts[command]) {
  log(`unknown command ${command}`);
  process.exit(2);
}
ensureInstalled(root, log);
await ensureRedis();
if (command !== 'start' || process.env.DATABASE_URL) await ensurePostgres();

// From here on everything runs on the pinned Node 24 from node_modules/.bin.
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
const child = spawn(join(bin, 'node'), ['--import', 'tsx', scripts[command], ...process.argv.slice(3)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
