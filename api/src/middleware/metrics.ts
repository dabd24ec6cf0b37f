import type { Middleware } from 'koa';
import { httpDuration } from '../lib/metrics';

/** Records request latency labelled by the matched route pattern (never the raw path: ids would explode cardinality). */
export const httpMetrics: Middleware = async (ctx, next) => {
  const end = httpDuration.startTimer();
  try {
    await next();
  } finally {
    const route = (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
    end({ method: ctx.method, route: String(route), status: String(ctx.status) });
  }
};
