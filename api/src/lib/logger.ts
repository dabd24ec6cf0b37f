import { type DestinationStream, type Logger, pino } from 'pino';

/** Paths never written to logs: credentials, keys and residents' phone numbers. */
export const REDACT_PATHS = [
  'password',
  '*.password',
  '*.newPassword',
  '*.adminPassword',
  '*.currentPassword',
  'token',
  '*.token',
  'apiKey',
  '*.apiKey',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'from',
  '*.from',
  'phoneNumber',
  '*.phoneNumber',
  'number',
  '*.number',
];

/**
 * Drizzle writes a failed query's bound values into the error text (`Failed query: …\nparams: …`),
 * and drivers keep them on the error (`params`, `parameters`): a resident's phone number or an
 * e-mail would pass the path redaction above inside a message. Everything after `params:` goes.
 */
const PARAMS_TAIL = /\nparams: [\s\S]*$/;
export const safeErrorMessage = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).replace(PARAMS_TAIL, '');

/**
 * The `err` serializer of every logger: an error as logged (type, message and stack without query
 * parameters, code, and its cause alike); the many `{ err: e.message }` call sites get the same.
 */
export function safeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return err.replace(PARAMS_TAIL, '');
  if (!(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  // PostgreSQL quotes the offending value in data exceptions (SQLSTATE class 22: `value "0047…"
  // is out of range`); other classes quote names, and keep values in `detail`, which is not logged.
  const dataException = typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
  const message = dataException ? safeErrorMessage(err).replace(/"[^"]*"/g, '"…"') : safeErrorMessage(err);
  return {
    type: err.constructor.name,
    message,
    ...(code !== undefined ? { code } : {}),
    stack: err.stack?.replace(err.message, message),
    ...(err.cause !== undefined && depth < 3 ? { cause: safeError(err.cause, depth + 1) } : {}),
  };
}

export function createLogger(level: string, name = 'oppslag', destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: safeError },
    },
    destination,
  );
}
