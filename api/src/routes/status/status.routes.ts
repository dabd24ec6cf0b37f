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

/**
 * `GET /api/status`: the console's first call; `uninstalled` sends it to the install screen.
 * This is the install gate. Sign-in, reset and account calls need no gate of their own: before the
 * install there are no accounts, so they answer as for unknown credentials (401, or the usual 200
 * for a reset request). Calls that presuppose the installation's rows (the master display) answer
 * `not_installed` from their own service.
 */
export function statusRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>();
  router.get('/status', async (ctx) => {
    const installed = await getInstallation(deps.database.db);
    ctx.body = {
      status: installed ? 'online' : 'uninstalled',
      supportEmail: deps.config.supportEmail,
      smsNumber: deps.config.smsNumber,
      featureSet: deps.config.featureSet,
      production: deps.config.production,
    };
  });
  return router;
}
