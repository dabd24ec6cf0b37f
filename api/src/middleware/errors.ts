import { ERROR_STATUS, type ErrorBody } from '@oppslag/common';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError } from '../errors';
import { currentRequest } from '../lib/request-context';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  code?: string;
}

/** Turns koa-body / http-errors failures into stable codes so bad input never becomes a 500. */
function fromHttpError(err: HttpLikeError): AppError | null {
  const status = err.status ?? err.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  if (status === 413 || err.type === 'entity.too.large')
    return new AppError('payload_too_large', 'Request body is too large');
  if (status === 415) return new AppError('unsupported_media_type', 'Unsupported content type');
  if (err.type === 'entity.parse.failed' || /json/i.test(err.message ?? ''))
    return new AppError('malformed_json', 'Request body is not valid JSON');
  // Any other 4xx of a parser is a bad request; its status comes from the code (common's ERROR_STATUS).
  return new AppError(status === 404 ? 'not_found' : 'validation_failed', err.message ?? 'Bad request');
}

/**
 * The wire shape of common's errorBodySchema: `fields` and `details` only when there are any, and
 * the request id (request-log.ts) so a user's report of a failure finds its log lines.
 */
function bodyOf(err: Pick<AppError, 'code' | 'message' | 'fields' | 'details'>): ErrorBody {
  const requestId = currentRequest()?.requestId;
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.fields?.length ? { fields: err.fields } : {}),
      ...(err.details !== undefined ? { details: err.details } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}

export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        throw new AppError('not_found', 'Route not found');
      }
    } catch (caught) {
      const err = caught instanceof AppError ? caught : (fromHttpError(caught as HttpLikeError) ?? null);
      if (err) {
        ctx.status = err.status;
        ctx.body = bodyOf(err);
        return;
      }
      logger.error({ err: caught, path: ctx.path, method: ctx.method }, 'unhandled error');
      ctx.status = ERROR_STATUS.internal_error;
      ctx.body = bodyOf({ code: 'internal_error', message: 'Internal server error' });
    }
  };
}
