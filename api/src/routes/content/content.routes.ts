import Router from '@koa/router';
import { DISPLAY_MODULES, resolveServices } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { authorizeEntity } from '../../services/access.service';
import { loadChain } from '../../services/entity-chain.service';
import { idParam } from '../id-param';
import './content.openapi';
import { addSlotRoutes } from './slots.routes';

/**
 * Everything under `/content/{entityId}`. Order matters: `service` is registered before the
 * `:slot` routes, and the notes router (`notes.routes.ts`) before this one in `routes/index.ts`,
 * so neither is ever read as a slot name.
 */
export function contentRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/content/:entityId' });
  router.use(requireUser);

  /** The display modules and whether each is on (entity settings write `services`). */
  router.get('/service', async (ctx) => {
    const entityId = idParam(ctx.params.entityId, 'Entity');
    await authorizeEntity(deps.database.db, actorOf(ctx), entityId, 'read');
    const chain = await loadChain(deps.database.db, entityId);
    if (!chain) throw notFound('Entity');
    const services = resolveServices(chain);
    ctx.body = DISPLAY_MODULES.map((name) => ({ name, enabled: services[name] }));
  });

  addSlotRoutes(router, deps);
  return router;
}
