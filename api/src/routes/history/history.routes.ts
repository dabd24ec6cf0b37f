import Router from '@koa/router';
import { historyContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { listHistory } from '../../services/history.service';

/**
 * The change history (issue 17): an entity's subtree for its owners and administrators (the
 * contract's `edit_entity`, checked on the path's entity), everything for the superadmin.
 */
export function historyRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const page = async (rootId: number | null, query: Parameters<typeof listHistory>[2]) => {
    const { rows, nextCursor } = await listHistory(deps.database.db, rootId, query);
    return { entries: rows, nextCursor };
  };
  mountContract(router, deps, historyContract, {
    entity: ({ params, query }) => page(params.id, query),
    all: ({ query }) => page(null, query),
  });
  return router;
}
