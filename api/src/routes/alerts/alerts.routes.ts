import Router from '@koa/router';
import { alertsContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentAlert } from '../../presenters/alert.presenter';
import { getAncestry } from '../../services/access.service';
import { activeAlerts, clearAlert, raiseAlert } from '../../services/alert.service';

/** Emergency alerts of an entity (issue 16): raise, list those in force (inherited too), clear. */
export function alertsRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  mountContract(router, deps, alertsContract, {
    list: async ({ params }) => {
      const chain = (await getAncestry(db, params.id)) ?? [params.id];
      return (await activeAlerts(db, chain, deps.now())).map(presentAlert);
    },
    create: async ({ params, body, actor, uow }) =>
      presentAlert(await uow((tx) => raiseAlert(tx, params.id, body, actor, deps.now()))),
    clear: async ({ params, actor, uow }) =>
      presentAlert(await uow((tx) => clearAlert(tx, params.id, params.alertId, actor, deps.now()))),
  });
  return router;
}
