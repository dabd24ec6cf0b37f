import Koa from 'koa';
import { type HttpMethodEnum, koaBody } from 'koa-body';
import type { AppDeps } from './deps';
import { userAuth } from './middleware/auth';
import { limitBodyDepth } from './middleware/body-depth';
import { errorMiddleware } from './middleware/errors';
import { httpMetrics } from './middleware/metrics';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { rejectUnstorableText } from './middleware/storable-text';
import { displayContentPoll } from './routes/display/display-content.poll';
import { apiRouter } from './routes/index';
import { queuesBoard } from './routes/queues-board/queues-board';
import { healthRoutes } from './routes/system.routes';

/** JSON bodies above this are refused with 413; uploads have their own limit on their route. */
export const JSON_BODY_LIMIT = '256kb';

/** The methods whose request body is read; any other request has none. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the Koa app from its infrastructure; it opens nothing itself. */
export function createApp(deps: AppDeps): Koa {
  // Forwarded headers count only behind configured proxies (TRUST_PROXY hops), and then only the
  // addresses those proxies appended, so a client cannot pick the IP the per-IP rate limits count.
  const hops = deps.config.trustProxy;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: Math.max(hops, 1) });
  // An error escaping every middleware goes to the app's logger (redacted), not Koa's console.error.
  app.silent = true;
  app.on('error', (err: unknown) => deps.logger.error({ err }, 'unhandled error'));
  // First of all: the request id and the access line cover every answer, polls included.
  app.use(requestLog(deps.logger));
  // Polls of unchanged display content, answered before the general middleware (same headers).
  app.use(displayContentPoll(deps));
  app.use(httpMetrics);
  app.use(securityHeaders());
  app.use(errorMiddleware(deps.logger));
  const health = healthRoutes(deps);
  app.use(health.routes());
  const bodyParser = koaBody({
    jsonLimit: JSON_BODY_LIMIT,
    formLimit: JSON_BODY_LIMIT,
    textLimit: JSON_BODY_LIMIT,
    multipart: false,
    // Webhook signatures (SMS providers) are computed over the exact bytes received.
    includeUnparsed: true,
    parsedMethods: [...BODY_METHODS] as HttpMethodEnum[],
    onError: (err) => {
      throw err;
    },
  });
  // koa-body does nothing for a GET but still works out the content type: skipped (docs/performance.md).
  app.use((ctx, next) => (BODY_METHODS.has(ctx.method) ? bodyParser(ctx, next) : next()));
  // Depth before anything walks the body (the size limit is the parser's: JSON_BODY_LIMIT).
  app.use(limitBodyDepth);
  app.use(rejectUnstorableText);
  app.use(userAuth(deps));
  app.use(queuesBoard(deps));
  const api = apiRouter(deps);
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
