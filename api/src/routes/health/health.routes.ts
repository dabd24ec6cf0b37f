import Router from '@koa/router';
import { healthContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentDelivery, presentHealth } from '../../presenters/display-health.presenter';
import { readDelivery } from '../../services/delivery-query.service';
import { requestScreenshot } from '../../services/display-health.service';
import { loadDisplay, readHealth } from '../../services/display-health-query.service';
import { isOnline } from '../../services/presence.service';
import { spend } from '../../services/route-limits';

/**
 * Screen health and proof of delivery (issue 16). The contract checks `read` on the display (or
 * on the note's entity); the services check that the id is a display, or that the note or slide is
 * readable at the path's entity.
 */
export function healthRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  const online = (ids: number[]) => isOnline(deps.redis, deps.config.redisPrefix, ids);
  mountContract(router, deps, healthContract, {
    get: async ({ params }) => {
      const read = await readHealth(db, params.id, deps.now());
      return presentHealth(read, (await online([params.id])).has(params.id));
    },
    requestScreenshot: async ({ params, actor, uow, ctx }) => {
      await loadDisplay(db, params.id);
      // Each request is a capture command pushed to the screen: budgets per screen and per user.
      await spend(ctx, deps, [
        { budget: 'screenshotDisplay', key: params.id },
        { budget: 'screenshotUser', key: actor.id },
      ]);
      const at = await uow((tx) => requestScreenshot(tx, params.id, actor.id, deps.now()));
      return { requestedAt: at.toISOString(), online: (await online([params.id])).has(params.id) };
    },
    noteDelivery: async ({ params, access }) => {
      const rows = await readDelivery(
        db,
        'note',
        params.entityId,
        access.ancestry,
        params.noteId,
        deps.now(),
      );
      return presentDelivery(rows, await online(rows.map((r) => r.id)));
    },
    bannerDelivery: async ({ params, access }) => {
      const rows = await readDelivery(
        db,
        'content',
        params.entityId,
        access.ancestry,
        params.contentId,
        deps.now(),
      );
      return presentDelivery(rows, await online(rows.map((r) => r.id)));
    },
  });
  return router;
}
