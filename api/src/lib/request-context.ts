import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * The request a piece of code runs for. Held in AsyncLocalStorage rather than only on a child logger
 * on ctx, because services and libraries log through `deps.logger` (they never see ctx): every
 * logger's mixin (./logger.ts) reads it, so every line written while serving a request carries its id.
 */
export interface RequestContext {
  requestId: string;
}

const current = new AsyncLocalStorage<RequestContext>();

/** The request being served here, if any. */
export const currentRequest = (): RequestContext | undefined => current.getStore();

/** Runs `fn` (and everything it awaits or schedules) as part of the request `context`. */
export const runInRequest = <T>(context: RequestContext, fn: () => T): T => current.run(context, fn);

/**
 * A client's (or proxy's) `X-Request-Id` is kept when short and of a safe charset, so it can be
 * echoed in a header and written to a log line unquoted; anything else is replaced, not refused.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a new request: 12 URL-safe characters (72 random bits), short enough to read out from a
 * screenshot. Drawn again when it holds eight digits in a row, which the log scrub would take for a
 * phone number (about one in a million).
 */
export function makeRequestId(): string {
  for (;;) {
    const id = randomBytes(9).toString('base64url');
    if (!/\d{8}/.test(id)) return id;
  }
}

export function requestIdFrom(header: string | undefined): string {
  return header && ACCEPTED_ID.test(header) ? header : makeRequestId();
}
