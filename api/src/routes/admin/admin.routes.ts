import Router from '@koa/router';
import { adminContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { commandDisplays, getMaster, listAdminDisplays } from '../../services/admin-display.service';
import { viewEntities } from '../../services/entity-view.service';

/** The superadmin area: all displays, the reload command, the master display (platform spec §7). */
export function adminRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  mountContract(router, deps, adminContract, {
    displays: () => listAdminDisplays(db, deps),
    updateDisplays: async ({ body, actor, uow }) => {
      const count = await uow((tx) => commandDisplays(tx, body.entities, actor));
      return { updated: true as const, count };
    },
    master: async ({ actor }) => {
      const { entity, display } = await getMaster(db);
      const [e, d] = await viewEntities(deps, actor, [{ row: entity }, { row: display }]);
      return { entity: e, display: d };
    },
  });
  return router;
}
