import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { registry } from '../lib/metrics';
import { isDraining } from '../lib/shutdown';

/** Liveness and readiness, mounted at the server root (not under /api). */
export function healthRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const checks = { database: false, redis: false };
    await deps.database.ping().then(
      () => (checks.database = true),
      () => undefined,
    );
    await deps.redis.ping().then(
      () => (checks.redis = true),
      () => undefined,
    );
    // A draining process (SIGTERM received) is taken out of rotation while it finishes its work.
    const ready = checks.database && checks.redis && !isDraining();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : isDraining() ? 'draining' : 'not_ready', checks };
  });
  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
