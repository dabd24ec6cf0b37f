import Router from '@koa/router';
import {
  adminDisplayItemSchema,
  adminDisplaysUpdateResultSchema,
  adminDisplaysUpdateSchema,
  adminMasterSchema,
} from '@oppslag/common';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { parse } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { registerPaths } from '../../openapi/registry';
import { requireAdmin } from '../../services/access.service';
import { commandDisplays, getMaster, listAdminDisplays } from '../../services/admin-display.service';
import { viewEntities } from '../../services/entity-view.service';

registerPaths([
  {
    method: 'get',
    path: '/api/admin/displays',
    summary: 'Every display with its organization, registration and online status (superadmin)',
    tags: ['admin'],
    responses: { 200: z.array(adminDisplayItemSchema), 401: 'Not signed in', 403: 'Superadmin only' },
  },
  {
    method: 'post',
    path: '/api/admin/displays/update',
    summary: "Tell displays to reload: entities 'all' or a list of display ids (superadmin)",
    tags: ['admin'],
    body: adminDisplaysUpdateSchema,
    responses: {
      200: adminDisplaysUpdateResultSchema,
      400: 'Validation failed, or ids that are not displays',
      401: 'Not signed in',
      403: 'Superadmin only',
    },
  },
  {
    method: 'get',
    path: '/api/admin/master',
    summary: 'The root entity and the master display (superadmin)',
    tags: ['admin'],
    responses: { 200: adminMasterSchema, 401: 'Not signed in', 403: 'Superadmin only', 404: 'Not installed' },
  },
]);

/** The superadmin area: all displays, the reload command, the master display (platform spec §7). */
export function adminRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/admin' });
  const db = deps.database.db;
  const adminOnly: Middleware<ApiState> = async (ctx, next) => {
    requireAdmin(actorOf(ctx));
    await next();
  };

  router.get('/displays', requireUser, adminOnly, async (ctx) => {
    ctx.body = await listAdminDisplays(db, deps);
  });

  router.post('/displays/update', requireUser, adminOnly, async (ctx) => {
    const input = parse(adminDisplaysUpdateSchema, ctx.request.body);
    const count = await db.transaction((tx) => commandDisplays(tx, input.entities, actorOf(ctx)));
    deps.outbox.notify();
    ctx.body = { updated: true, count };
  });

  router.get('/master', requireUser, adminOnly, async (ctx) => {
    const actor = actorOf(ctx);
    const { entity, display } = await getMaster(db);
    const [e, d] = await viewEntities(deps, actor, [{ row: entity }, { row: display }]);
    ctx.body = { entity: e, display: d };
  });

  return router;
}
