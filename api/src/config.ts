import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FEATURE_SET_NAMES } from '@oppslag/common';
import { errnoOf } from '@oppslag/common/thrown.ts';
import { z } from 'zod';
import {
  ConfigError,
  MIN_JWT_SECRET_LENGTH,
  type ProductionSettings,
  productionProblems,
} from './config-checks';
import { STRONG_PASSWORD_COST, TEST_PASSWORD_COST } from './lib/password-cost';

export { BUILT_IN_JWT_SECRETS, ConfigError, orExit } from './config-checks';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('oppslag'),
  JWT_SECRET: z
    .string()
    .min(MIN_JWT_SECRET_LENGTH, {
      error: `must be at least ${MIN_JWT_SECRET_LENGTH} characters; generate one with \`openssl rand -base64 48\``,
    })
    .optional(),
  JWT_KEY_ID: z.string().min(1).max(32).default('k1'),
  /** Earlier signing keys kept for verification during a rotation: `kid:secret,kid:secret`. */
  JWT_PREVIOUS_SECRETS: z.string().optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  FEATURE_SET: z
    .enum(FEATURE_SET_NAMES, {
      error: `FEATURE_SET must be one of ${FEATURE_SET_NAMES.join(', ')}`,
    })
    .default('oppslag'),
  DEMO_DATA: z.enum(['true', 'false']).default('true'),
  DATA_DIR: z.string().default('.data'),
  /** Where asset files live: `disk` (DATA_DIR/assets) or `database`; default database with DATABASE_URL. */
  ASSET_STORAGE: z.enum(['disk', 'database']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Oppslag <no-reply@oppslag.local>'),
  SUPPORT_EMAIL: z.string().default('support@oppslag.no'),
  SMS_NUMBER: z.string().default('2222'),
  /** Days the change history is kept (issue 17); a worker job deletes older rows. */
  HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /** Residents' SMS (numbers and texts) are blanked this many days after they were sent or received. */
  SMS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  HASHID_ALPHABET: z.string().optional(),
  ENTUR_GEOCODER_URL: z.string().default('https://api.entur.io/geocoder/v1'),
  ENTUR_JOURNEY_PLANNER_URL: z.string().default('https://api.entur.io/journey-planner/v3/graphql'),
  ENTUR_CLIENT_NAME: z.string().default('oppslag-notice-board'),
  MET_URL: z.string().default('https://api.met.no/weatherapi/locationforecast/2.0'),
  MET_USER_AGENT: z.string().default('oppslag/0.1 github.com/oppslag support@oppslag.no'),
  SMS_PROVIDER: z.enum(['log', 'twilio', 'sveve']).default('log'),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_API_URL: z.string().default('https://api.twilio.com'),
  SVEVE_SECRET: z.string().optional(),
  SVEVE_USER: z.string().optional(),
  SVEVE_PASSWORD: z.string().optional(),
  SVEVE_API_URL: z.string().default('https://sveve.no/SMS/SendMessage'),
  SMS_WEBHOOK_SECRET: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  /**
   * How many reverse proxies in front of this process append to X-Forwarded-For (and set
   * X-Forwarded-Proto). Unset or 0: the headers are ignored, so a client cannot choose the IP the
   * rate limits count. The front proxy of the multi-process start and the web image's nginx are 1.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),
  /** Address the server listens on. The multi-process start binds its internal ports to loopback. */
  BIND_HOST: z.string().optional(),
  /** Bearer token Prometheus sends to /metrics; without it /metrics answers loopback peers only. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** `test` lowers the argon2 cost for test servers only; refused when NODE_ENV is production. */
  PASSWORD_HASH_COST: z.enum(['strong', 'test']).default('strong'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

export type Config = ReturnType<typeof loadConfig>;

/** A secret kept under DATA_DIR so a restart keeps sessions valid without configuring one. */
function persistedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(dataDir, 'secrets'), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': two processes starting at once on a fresh directory agree on the first one's secret.
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if (errnoOf(err) !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  }
}

const PRODUCTION_KEYS = [
  'DEMO_DATA',
  'SMS_PROVIDER',
  'PUBLIC_URL',
  'JWT_SECRET',
  'PASSWORD_HASH_COST',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'SVEVE_USER',
  'SVEVE_PASSWORD',
] as const satisfies readonly (keyof ProductionSettings & keyof typeof envSchema.shape)[];

/** The settings production checks, each as parsed (default applied) or, when malformed, as given. */
function productionSettings(env: Record<string, string | undefined>): ProductionSettings {
  const pick = (key: (typeof PRODUCTION_KEYS)[number]) => {
    const field = envSchema.shape[key].safeParse(env[key]);
    return field.success ? field.data : env[key];
  };
  return {
    DEMO_DATA: pick('DEMO_DATA') ?? '',
    SMS_PROVIDER: pick('SMS_PROVIDER') ?? '',
    PUBLIC_URL: pick('PUBLIC_URL'),
    JWT_SECRET: pick('JWT_SECRET'),
    PASSWORD_HASH_COST: pick('PASSWORD_HASH_COST') ?? '',
    TWILIO_ACCOUNT_SID: pick('TWILIO_ACCOUNT_SID'),
    TWILIO_AUTH_TOKEN: pick('TWILIO_AUTH_TOKEN'),
    SVEVE_USER: pick('SVEVE_USER'),
    SVEVE_PASSWORD: pick('SVEVE_PASSWORD'),
  };
}

/**
 * Reads configuration from the environment. Malformed values, and in production (NODE_ENV) unsafe
 * ones (config-checks.ts), throw one ConfigError listing every problem by its variable.
 */
export function loadConfig(input: NodeJS.ProcessEnv = process.env) {
  // An empty variable counts as unset (compose's `${VAR:-}` and k8s' empty values pass "").
  const env = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(env);
  const issues = parsed.success ? [] : parsed.error.issues;
  const problems = issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`);
  if ((parsed.success ? parsed.data.NODE_ENV : env.NODE_ENV) === 'production') {
    const malformed = new Set(issues.map((i) => String(i.path[0])));
    problems.push(...productionProblems(productionSettings(env), malformed));
  }
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const port = e.PORT;
  return {
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt'),
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    jwtKeyId: e.JWT_KEY_ID,
    jwtPreviousSecrets: Object.fromEntries(
      (e.JWT_PREVIOUS_SECRETS ?? '')
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair): [string, string] => [
          pair.slice(0, pair.indexOf(':')),
          pair.slice(pair.indexOf(':') + 1),
        ]),
    ),
    featureSet: e.FEATURE_SET,
    demoData: e.DEMO_DATA === 'true',
    dataDir,
    // Replicas with a server database share no disk, so their asset files go to PostgreSQL.
    assetStorage: e.ASSET_STORAGE ?? (e.DATABASE_URL ? 'database' : 'disk'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    smsNumber: e.SMS_NUMBER,
    historyRetentionDays: e.HISTORY_RETENTION_DAYS,
    smsRetentionDays: e.SMS_RETENTION_DAYS,
    hashidAlphabet: e.HASHID_ALPHABET,
    entur: {
      geocoderUrl: e.ENTUR_GEOCODER_URL,
      journeyPlannerUrl: e.ENTUR_JOURNEY_PLANNER_URL,
      clientName: e.ENTUR_CLIENT_NAME,
    },
    met: { url: e.MET_URL, userAgent: e.MET_USER_AGENT },
    sms: {
      provider: e.SMS_PROVIDER,
      twilioAuthToken: e.TWILIO_AUTH_TOKEN,
      twilioAccountSid: e.TWILIO_ACCOUNT_SID,
      twilioApiUrl: e.TWILIO_API_URL,
      sveveSecret: e.SVEVE_SECRET,
      sveveUser: e.SVEVE_USER,
      svevePassword: e.SVEVE_PASSWORD,
      sveveApiUrl: e.SVEVE_API_URL,
      webhookSecret: e.SMS_WEBHOOK_SECRET ?? persistedSecret(dataDir, 'sms-webhook'),
    },
    corsOrigins:
      e.CORS_ORIGINS?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? [],
    trustProxy: e.TRUST_PROXY,
    bindHost: e.BIND_HOST,
    metricsToken: e.METRICS_TOKEN,
    passwordHashing: e.PASSWORD_HASH_COST === 'test' ? TEST_PASSWORD_COST : STRONG_PASSWORD_COST,
    logLevel: e.LOG_LEVEL,
    production,
  };
}
