// One-shot migration entry for deployments (the compose `migrate` service and the k8s Job):
// applies pending Drizzle migrations to DATABASE_URL and exits, so app replicas never race on it.
import { loadConfig, orExit } from './config';
import { openDatabase, runMigrations } from './db/client';
import { createLogger } from './lib/logger';

const config = orExit(loadConfig, 'migrate');
if (!config.databaseUrl) throw new Error('DATABASE_URL must be set to run migrations against PostgreSQL');
const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
await runMigrations(database);
await database.close();
createLogger(config.logLevel, 'migrate').info('migrations applied');
