// `npm start`: the whole product in one process on embedded defaults (PGlite under DATA_DIR),
// or the API alone against PostgreSQL when DATABASE_URL is set. Later stages add the worker,
// the realtime gateway and the web apps to this same entry point.
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { closeDeps, createDeps } from '../api/src/infra';

const config = loadConfig();
const deps = await createDeps(config);
const app = createApp(deps);
const server = app.listen(config.port, () => {
  deps.logger.info(`Oppslag is running at ${config.publicUrl}`);
});

const shutdown = async () => {
  server.close();
  await closeDeps(deps);
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
