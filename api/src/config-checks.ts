// What production refuses to start with (issue 26 item 5). Each check names its variable and says
// why, and every unsafe setting is listed at once: an operator fixes them in one round instead of
// discovering them one restart at a time.

/**
 * JWT secrets this repository has shipped as examples (docker-compose.yml before it required one,
 * the k8s Secret example). Anyone can read them, so a token signed with one proves nothing.
 */
export const BUILT_IN_JWT_SECRETS: readonly string[] = [
  'compose-development-secret-change-me-please-0123456789',
  'generate-with-openssl-rand-base64-48-and-store-in-your-secret-store',
];

/** Below this a HS256 key is guessable offline from one token; zod refuses it in every environment. */
export const MIN_JWT_SECRET_LENGTH = 32;

/** A configuration the process must not start with: one line per problem, `VARIABLE: why`. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Loopback and wildcard hosts: a PUBLIC_URL on one of them puts links in mail and SMS no one else can open. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\./.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::' ||
    host.startsWith('::ffff:127.')
  );
}

/** The settings production checks, as the environment gives them (defaults applied). */
export interface ProductionSettings {
  DEMO_DATA: string;
  SMS_PROVIDER: string;
  PUBLIC_URL: string | undefined;
  JWT_SECRET: string | undefined;
  PASSWORD_HASH_COST: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  SVEVE_USER?: string;
  SVEVE_PASSWORD?: string;
}

/**
 * Every reason the settings are unsafe for production, one `VARIABLE: why` each. `skip` names
 * variables already reported as malformed, so one variable is not reported twice.
 */
export function productionProblems(s: ProductionSettings, skip: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const add = (name: string, why: string) => {
    if (!skip.has(name)) problems.push(`${name}: ${why}`);
  };
  if (s.DEMO_DATA !== 'false')
    add(
      'DEMO_DATA',
      'demo data (public sign-ins such as superadmin@demo.oppslag.no) is not allowed in production; set DEMO_DATA=false',
    );
  if (s.SMS_PROVIDER === 'log')
    add(
      'SMS_PROVIDER',
      '"log" (the default) only writes messages to the log; set twilio or sveve with its credentials',
    );
  if (s.SMS_PROVIDER === 'twilio' && (!s.TWILIO_ACCOUNT_SID || !s.TWILIO_AUTH_TOKEN))
    add('SMS_PROVIDER', 'twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
  if (s.SMS_PROVIDER === 'sveve' && (!s.SVEVE_USER || !s.SVEVE_PASSWORD))
    add('SMS_PROVIDER', 'sveve needs SVEVE_USER and SVEVE_PASSWORD');
  if (!s.PUBLIC_URL)
    add('PUBLIC_URL', 'not set (it would be http://localhost); set the address users and displays reach');
  else if (URL.canParse(s.PUBLIC_URL) && isLocalHost(new URL(s.PUBLIC_URL).hostname))
    add(
      'PUBLIC_URL',
      'points at this machine (localhost/loopback); set the address users and displays reach',
    );
  if (s.JWT_SECRET && BUILT_IN_JWT_SECRETS.includes(s.JWT_SECRET))
    add(
      'JWT_SECRET',
      'is an example value shipped with Oppslag; generate one with `openssl rand -base64 48`',
    );
  if (s.PASSWORD_HASH_COST !== 'strong') add('PASSWORD_HASH_COST', 'only "strong" is allowed in production');
  return problems;
}

/**
 * Loads configuration for a process entry point: a configuration error prints its list on stderr
 * and exits 1, without a stack trace (the trace says nothing the list does not).
 */
export function orExit<T>(load: () => T, name = 'oppslag'): T {
  try {
    return load();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`[${name}] ${err.message}\n`);
    process.exit(1);
  }
}
