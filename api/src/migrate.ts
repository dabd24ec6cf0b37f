// One-shot migration entry for deployments (the compose `migrate` service and the k8s Job of each
// release): brings DATABASE_URL to this release's schema and exits. The runner takes an advisory
// lock, so an API replica starting beside it (or a second Job) waits instead of racing; a refused
// database (made by a newer release, or an unknown development build) exits 1 with the reason.
import { loadConfig } from './config';
import { MigrationError, openDatabase, runMigrations } from './db/client';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL must be set to run migrations against PostgreSQL');
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
try {
  const { applied, adoptedFrom } = await runMigrations(database);
  if (adoptedFrom)
    console.log(`adopted a development build's schema (${adoptedFrom.slice(0, 12)}) as the baseline`);
  console.log(applied.length ? `migrations applied: ${applied.join(', ')}` : 'the database is up to date');
} catch (err) {
  if (!(err instanceof MigrationError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
