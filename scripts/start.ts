// `npm start`: the whole product in one process on embedded defaults (PGlite under DATA_DIR),
// or the API alone against PostgreSQL when DATABASE_URL is set. Later stages add the worker,
// the realtime gateway and the web apps to this same entry point.
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { closeDeps, createDeps } from '../api/src/infra';
import { type DemoSummary, seedDemo } from '../api/src/seed/demo';

const config = loadConfig();
const deps = await createDeps(config);
// DEMO_DATA=false starts uninstalled (the console then shows the install screen).
const demo: DemoSummary | null = config.demoData ? await seedDemo(deps) : null;
const app = createApp(deps);
const server = app.listen(config.port, () => {
  deps.logger.info(`Oppslag is running at ${config.publicUrl}`);
  if (demo) printDemo(demo);
});

const shutdown = async () => {
  server.close();
  await closeDeps(deps);
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

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
