import { type Logger, pino } from 'pino';

/** Paths never written to logs: credentials, keys and residents' phone numbers. */
export const REDACT_PATHS = [
  'password',
  '*.password',
  '*.newPassword',
  '*.adminPassword',
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

export function createLogger(level: string, name = 'oppslag'): Logger {
  return pino({ name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}
