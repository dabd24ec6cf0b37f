import type { Middleware } from 'koa';
import { httpDuration } from '../lib/metrics';

/** Records request latency labelled by the matched route pattern (never the raw path: ids would explode cardinality). */
export const httpMetrics: Middleware = async (ctx, next) => {
  // performance.now and one observe, not startTimer's hrtime pairs and merged label objects.
  const start = performance.now();
  try {
    await next();
  } finally {
    const route = (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
    httpDuration.observe(
      { method: ctx.method, route: String(route), status: String(ctx.status) },
      (performance.now() - start) / 1000,
    );
  }
};
