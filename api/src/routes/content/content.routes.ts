import Router from '@koa/router';
import { contentContract, DISPLAY_MODULES, resolveServices } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { loadChain } from '../../services/entity-chain.service';
import { checkSlotParam, slotHandlers } from './slots.routes';

/**
 * Everything under `/content/{entityId}` but notes. Order matters: the contract lists `service`
 * before the `{slot}` routes, and the notes router (`notes.routes.ts`) is registered before this
 * one in `routes/index.ts`, so neither is ever read as a slot name.
 */
export function contentRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  checkSlotParam(router, deps);
  mountContract(router, deps, contentContract, {
    /** The display modules and whether each is on (entity settings write `services`). */
    services: async ({ params }) => {
      const chain = await loadChain(deps.database.db, params.entityId);
      if (!chain) throw notFound('Entity');
      const services = resolveServices(chain);
      return DISPLAY_MODULES.map((name) => ({ name, enabled: services[name] }));
    },
    ...slotHandlers(deps),
  });
  return router;
}
