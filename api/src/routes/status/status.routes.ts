import Router from '@koa/router';
import { statusSchema } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import type { ApiState } from '../../middleware/auth';
import { registerPaths } from '../../openapi/registry';
import { getInstallation } from '../../services/install.service';

registerPaths([
  {
    method: 'get',
    path: '/api/status',
    summary: 'Whether the system is installed',
    tags: ['install'],
    auth: false,
    responses: { 200: statusSchema },
  },
]);

/** `GET /api/status`: the console's first call; `uninstalled` sends it to the install screen. */
export function statusRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>();
  router.get('/status', async (ctx) => {
    const installed = await getInstallation(deps.database.db);
    ctx.body = {
      status: installed ? 'online' : 'uninstalled',
      supportEmail: deps.config.supportEmail,
      smsNumber: deps.config.smsNumber,
      featureSet: deps.config.featureSet,
    };
  });
  return router;
}
