import { propertyOf } from '@oppslag/common/property-of.ts';
import { type DestinationStream, type Logger, pino } from 'pino';
import { redactFields, scrubLogLine } from './log-redaction';
import { currentRequest } from './request-context';

export { maskPhone, REDACT_KEYS, scrubText } from './log-redaction';

/**
 * Drizzle writes a failed query's bound values into the error text (`Failed query: …\nparams: …`),
 * and drivers keep them on the error (`params`, `parameters`): a resident's phone number or an
 * e-mail would pass the path redaction inside a message. Everything after `params:` goes.
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
  const code = propertyOf(err, 'code');
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

/**
 * Every logger of every process (api, worker, realtime, `npm start`) is made here, so each line gets
 * the one redaction (./log-redaction.ts: fields by name, then a scrub of the finished line) and, while a
 * request is served, its `requestId` (./request-context.ts).
 */
export function createLogger(level: string, name = 'oppslag', destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      formatters: { log: redactFields },
      serializers: { err: safeError },
      mixin: () => {
        const request = currentRequest();
        return request ? { requestId: request.requestId } : {};
      },
      hooks: { streamWrite: scrubLogLine },
    },
    destination,
  );
}
