import Router from '@koa/router';
import { installContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountRoute } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentStatus } from '../../presenters/status.presenter';
import { getInstallation } from '../../services/install.service';

/**
 * `GET /api/status`: the console's first call; `uninstalled` sends it to the install screen.
 * This is the install gate. Sign-in, reset and account calls need no gate of their own: before the
 * install there are no accounts, so they answer as for unknown credentials (401, or the usual 200
 * for a reset request). Calls that presuppose the installation's rows (the master display) answer
 * `not_installed` from their own service.
 */
export function statusRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  mountRoute(router, deps, installContract.status, async () =>
    presentStatus(Boolean(await getInstallation(deps.database.db)), deps.config),
  );
  return router;
}
