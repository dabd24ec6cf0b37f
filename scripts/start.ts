// `npm start`: the whole product. Without DATABASE_URL it is one process on embedded PGlite under
// DATA_DIR: API, worker (outbox relay and processors) and the realtime gateway on one http server
// and one database object (PGlite has a single connection). With DATABASE_URL it starts the API,
// the worker and the realtime gateway as separate processes behind a small front proxy on PORT,
// which keeps one origin for the console (/), the player (/display), /api and /socket.io.
import { fileURLToPath } from 'node:url';
import {
  closeDeps,
  createDeps,
  createLogger,
  DataDirLockedError,
  type DemoSummary,
  decideOffline,
  forgetRemoteFailures,
  installNotice,
  loadConfig,
  lockDataDir,
  MigrationError,
  onShutdown,
  orExit,
  RedisPrefixTakenError,
  SHUTDOWN_TIMEOUT_MS,
  seedDemo,
} from '@oppslag/api/core';
import { builtWebApps, LISTEN_BACKLOG } from '@oppslag/api/http';
import { startEnturFake, startMetFake } from '@oppslag/api/testing';
import { composeServer } from '@oppslag/stack';
import { createFrontProxy } from './proxy';
import { superviseChildren } from './supervise';
import { buildWebApps } from './web-build';

const root = fileURLToPath(new URL('..', import.meta.url));
const say = (msg: string) => process.stdout.write(`[oppslag] ${msg}\n`);

// Embedded PGlite: refuse at once (before building anything) when DATA_DIR is another process's.
{
  const early = orExit(loadConfig);
  try {
    if (!early.databaseUrl) lockDataDir(early.dataDir, 'npm start');
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    say(err.message);
    process.exit(1);
  }
}

// Local stand-ins for Entur and MET (speaking their real protocols) when the public services do
// not answer, or OFFLINE_DEMO=true, so transit and weather work without internet (seed/offline.ts).
const fakes: { close(): Promise<void> }[] = [];
const offline = await decideOffline(process.env);
if (offline.fakes) {
  const entur = await startEnturFake();
  const met = await startMetFake();
  fakes.push(entur, met);
  process.env.ENTUR_GEOCODER_URL = entur.geocoderUrl;
  process.env.ENTUR_JOURNEY_PLANNER_URL = entur.journeyPlannerUrl;
  process.env.MET_URL = met.baseUrl;
  say(`${offline.reason}: using local stand-ins for Entur (${entur.url}) and MET (${met.url})`);
}
const config = loadConfig();
buildWebApps(root, say);
const deps = await createDeps(config, { migrate: true }).catch((err: unknown) => {
  // Another installation's REDIS_PREFIX, or a database this release cannot bring up to date: say
  // so plainly, without a stack trace.
  if (!(err instanceof RedisPrefixTakenError || err instanceof MigrationError)) throw err;
  say(err.message);
  process.exit(1);
});
// DEMO_DATA=false starts uninstalled (the console then shows the install screen).
const demo: DemoSummary | null = config.demoData ? await seedDemo(deps) : null;
// Uninstalled: the install token an install from another machine needs (with DATABASE_URL the API
// process prints it).
const installLines = demo || config.databaseUrl ? [] : await installNotice(deps);
// Failures remembered from a run without the stand-ins must not keep weather or departures away.
if (offline.fakes) await forgetRemoteFailures(deps.redis, config.redisPrefix);

const printUrls = () => {
  say(
    `Oppslag is running at ${config.publicUrl}/ (console), ${config.publicUrl}/display/ (player), ${config.publicUrl}/api`,
  );
  if (demo) printDemo(demo);
  for (const line of installLines) say(line);
};

if (!config.databaseUrl) {
  const composed = await composeServer(deps, {
    api: true,
    worker: true,
    realtime: true,
    web: builtWebApps(root),
  });
  composed.server.listen({ port: config.port, backlog: LISTEN_BACKLOG }, printUrls);
  // Weather at once rather than at the sweep's next two-minute mark.
  // (The worker runs in this process: the composition root may ask its queue directly.)
  if (demo)
    void composed.worker?.queues
      .queue('weather')
      .add('sweep', {})
      .catch(() => undefined);
  // The one shutdown path with a deadline: a stuck stop exits anyway (releasing DATA_DIR).
  onShutdown(createLogger(config.logLevel, 'oppslag'), 'oppslag', async () => {
    say('stopping…');
    await composed.close();
    await closeDeps(deps);
    await Promise.allSettled(fakes.map((f) => f.close()));
  });
} else {
  // Migrations and demo data ran above, once; the processes then start on a migrated database.
  await closeDeps(deps);
  const ports = { api: config.port + 1, realtime: config.port + 2, worker: config.port + 3 };
  // Internal ports answer this machine only; the front proxy is the one public door, and the one
  // hop whose X-Forwarded-For the API trusts.
  const env = {
    ...process.env,
    PUBLIC_URL: config.publicUrl,
    JWT_SECRET: config.jwtSecret,
    BIND_HOST: process.env.BIND_HOST ?? '127.0.0.1',
    TRUST_PROXY: '1',
  };
  // A crashed child is restarted with back-off; meanwhile the proxy answers 503 + Retry-After.
  const supervisor = superviseChildren(
    [
      { name: 'api', entry: 'api/src/main.ts', port: ports.api, env },
      { name: 'worker', entry: 'worker/src/main.ts', port: ports.worker, env },
      { name: 'realtime', entry: 'realtime/src/main.ts', port: ports.realtime, env },
    ],
    { cwd: root, say },
  );
  const proxy = createFrontProxy({ ...ports, isDown: supervisor.isDown });
  // The door opens at once (answering 503 or the starting page meanwhile); "running" is said only
  // when every child answers /readyz, so a URL opened on that word works.
  proxy.listen({ port: config.port, backlog: LISTEN_BACKLOG }, () => {
    say('waiting for api, worker and realtime to answer /readyz …');
    void supervisor.ready().then(printUrls);
  });
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    proxy.close();
    await supervisor.stop(Number(process.env.SHUTDOWN_TIMEOUT_MS ?? SHUTDOWN_TIMEOUT_MS) + 5000);
    await Promise.allSettled(fakes.map((f) => f.close()));
    process.exit(0);
  };
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
}

function printDemo(summary: DemoSummary): void {
  const lines = [
    '',
    `Oppslag demo: open ${summary.url}`,
    'Demo sign-ins (as seeded):',
    ...summary.logins.map((l) => `  ${l.role.padEnd(14)} ${l.email.padEnd(30)} ${l.password}`),
    // The API keys once, at the demo's first start: not into every later start's log.
    summary.displays.length
      ? 'Displays (display id / API key; the link opens the screen directly):'
      : "Displays: their API keys were printed at the demo's first start; the console shows each display's key.",
    ...summary.displays.flatMap((d) => [
      `  ${d.name.padEnd(20)} ${d.displayId}  ${d.apiKey ?? '-'}`,
      ...(d.apiKey ? [`    ${summary.url}/display/#displayId=${d.displayId}&apiKey=${d.apiKey}`] : []),
    ]),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
