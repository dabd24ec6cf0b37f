// `npm start`: the whole product. Without DATABASE_URL it is one process on embedded PGlite under
// DATA_DIR: API, worker (outbox relay and processors) and the realtime gateway on one http server
// and one database object (PGlite has a single connection). With DATABASE_URL it starts the API,
// the worker and the realtime gateway as separate processes behind a small front proxy on PORT,
// which keeps one origin for the console (/), the player (/display), /api and /socket.io.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { closeDeps, createDeps, type DemoSummary, loadConfig, seedDemo } from '@oppslag/api/core';
import { builtWebApps } from '@oppslag/api/http';
import { startEnturFake, startMetFake } from '@oppslag/api/testing';
import { composeServer } from '@oppslag/stack';
import { createFrontProxy } from './proxy';
import { buildWebApps } from './web-build';

const root = fileURLToPath(new URL('..', import.meta.url));
const say = (msg: string) => process.stdout.write(`[oppslag] ${msg}\n`);

// OFFLINE_DEMO=true: local stand-ins for Entur and MET (speaking their real protocols) so transit
// and weather work without internet. Never started unless asked for.
const fakes: { close(): Promise<void> }[] = [];
if (process.env.OFFLINE_DEMO === 'true') {
  const entur = await startEnturFake();
  const met = await startMetFake();
  fakes.push(entur, met);
  process.env.ENTUR_GEOCODER_URL = entur.geocoderUrl;
  process.env.ENTUR_JOURNEY_PLANNER_URL = entur.journeyPlannerUrl;
  process.env.MET_URL = met.baseUrl;
  say(`offline demo: fake Entur at ${entur.url}, fake MET at ${met.url}`);
}
const config = loadConfig();

buildWebApps(root, say);
const deps = await createDeps(config, { migrate: true });
// DEMO_DATA=false starts uninstalled (the console then shows the install screen).
const demo: DemoSummary | null = config.demoData ? await seedDemo(deps) : null;

const printUrls = () => {
  say(
    `Oppslag is running at ${config.publicUrl}/ (console), ${config.publicUrl}/display/ (player), ${config.publicUrl}/api`,
  );
  if (demo) printDemo(demo);
};

if (!config.databaseUrl) {
  const composed = await composeServer(deps, {
    api: true,
    worker: true,
    realtime: true,
    web: builtWebApps(root),
  });
  composed.server.listen(config.port, printUrls);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await composed.close();
    await closeDeps(deps);
    await Promise.allSettled(fakes.map((f) => f.close()));
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} else {
  // Migrations and demo data ran above, once; the processes then start on a migrated database.
  await closeDeps(deps);
  const ports = { api: config.port + 1, realtime: config.port + 2, worker: config.port + 3 };
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    for (const child of children.values()) child.kill('SIGTERM');
    const exited = [...children.values()].map(
      (c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r))),
    );
    void Promise.all(exited).then(() => process.exit(code));
    setTimeout(() => process.exit(code), 15_000).unref();
  };
  for (const [name, entry] of [
    ['api', 'api/src/main.ts'],
    ['worker', 'worker/src/main.ts'],
    ['realtime', 'realtime/src/main.ts'],
  ] as const) {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(ports[name]),
        PUBLIC_URL: config.publicUrl,
        JWT_SECRET: config.jwtSecret,
        // Internal ports answer this machine only; the front proxy is the one public door, and
        // the one hop whose X-Forwarded-For the API trusts.
        BIND_HOST: process.env.BIND_HOST ?? '127.0.0.1',
        TRUST_PROXY: '1',
      },
    });
    children.set(name, child);
    child.once('exit', (code) => {
      if (!stopping) {
        say(`${name} exited (${code}); stopping the others`);
        stopAll(1);
      }
    });
  }
  const proxy = createFrontProxy({ api: ports.api, realtime: ports.realtime });
  proxy.listen(config.port, printUrls);
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));
}

function printDemo(summary: DemoSummary): void {
  const lines = [
    '',
    `Oppslag demo: open ${summary.url}`,
    'Demo sign-ins (as seeded):',
    ...summary.logins.map((l) => `  ${l.role.padEnd(14)} ${l.email.padEnd(30)} ${l.password}`),
    'Displays (display id / API key):',
    ...summary.displays.map((d) => `  ${d.name.padEnd(20)} ${d.displayId}  ${d.apiKey ?? '-'}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
