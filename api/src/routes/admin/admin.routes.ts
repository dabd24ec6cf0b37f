import Router from '@koa/router';
import { type AdminDisplayItem, adminContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { JsonText, mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { commandDisplays, getMaster, listAdminDisplays } from '../../services/admin-display.service';
import { viewEntities } from '../../services/entity-view.service';

/** The superadmin area: all displays, the reload command, the master display (platform spec §7). */
export function adminRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  mountContract(router, deps, adminContract, {
    // The tree version was read with the user row (auth.ts readSession); the answer is JSON text.
    displays: async ({ ctx }) =>
      new JsonText<AdminDisplayItem[]>(await listAdminDisplays(db, deps, ctx.state.entityTableVersion)),
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
