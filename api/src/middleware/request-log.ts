import { propertyOf } from '@oppslag/common/property-of.ts';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { requestIdFrom, runInRequest } from '../lib/request-context';
import type { ApiState } from './auth';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Probes ask every few seconds; their lines would bury the rest, so they are written at debug. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The outermost middleware: gives the request its id (the caller's `X-Request-Id` when acceptable,
 * else a new one), echoes it in the answer, serves the request inside that id's context (every log
 * line carries it, error bodies name it: errors.ts) and writes one access line when it ends.
 *
 * The access line holds the method, the path without its query string (reset links and tokens ride
 * in queries), the status, the duration, the request id and the signed-in user's id. No client IP
 * or user agent: they are personal data the product does not need to answer for a request, and the
 * rate limits keep their own counts (docs/operations.md, "Logs").
 */
export function requestLog(logger: Logger): Middleware<ApiState> {
  return (ctx, next) => {
    const requestId = requestIdFrom(ctx.get(REQUEST_ID_HEADER) || undefined);
    ctx.set(REQUEST_ID_HEADER, requestId);
    const start = performance.now();
    return runInRequest({ requestId }, async () => {
      let status: number | undefined;
      try {
        await next();
        status = ctx.status;
      } catch (err) {
        // Only what an earlier middleware than errors.ts throws gets here; Koa answers it.
        const thrown = propertyOf(err, 'status');
        status = typeof thrown === 'number' ? thrown : 500;
        throw err;
      } finally {
        const line = {
          method: ctx.method,
          path: ctx.path,
          status,
          ms: Math.round((performance.now() - start) * 10) / 10,
          ...(ctx.state.user ? { userId: ctx.state.user.id } : {}),
        };
        if (PROBES.has(ctx.path)) logger.debug(line, 'request');
        else logger.info(line, 'request');
      }
    });
  };
}
