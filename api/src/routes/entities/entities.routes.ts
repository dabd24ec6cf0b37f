import Router from '@koa/router';
import { createEntitySchema, deleteEntitySchema, updateEntitySchema } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { parse } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { authorizeEntity } from '../../services/access.service';
import { createEntity, regenerateApiKey, updateEntity } from '../../services/entity.service';
import { deleteEntity } from '../../services/entity-delete.service';
import { loadEntity, visibleEntities } from '../../services/entity-query.service';
import { viewEntities, viewEntity } from '../../services/entity-view.service';
import { idParam } from '../id-param';

/** The entity hierarchy (platform spec §3–5 and §7). */
export function entitiesRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/entities' });
  const db = deps.database.db;
  const ctxOf = () => ({ alphabet: deps.config.hashidAlphabet, now: deps.now() });
  router.use(requireUser);

  router.get('/', async (ctx) => {
    const actor = actorOf(ctx);
    ctx.body = await viewEntities(deps, actor, await visibleEntities(db, actor));
  });

  router.get('/:id', async (ctx) => {
    const actor = actorOf(ctx);
    const id = idParam(ctx.params.id, 'Entity');
    const { permissions } = await authorizeEntity(db, actor, id, 'read');
    ctx.body = await viewEntity(deps, actor, await loadEntity(db, id), permissions);
  });

  router.post('/', async (ctx) => {
    const actor = actorOf(ctx);
    const input = parse(createEntitySchema, ctx.request.body);
    const { row, permissions } = await db.transaction((tx) => createEntity(tx, input, actor, ctxOf()));
    deps.outbox.notify();
    ctx.status = 201;
    ctx.body = await viewEntity(deps, actor, row, permissions);
  });

  router.put('/:id', async (ctx) => {
    const actor = actorOf(ctx);
    const id = idParam(ctx.params.id, 'Entity');
    // Authorize before validating so a stranger learns nothing about the entity from validation errors.
    await authorizeEntity(db, actor, id, 'edit_entity');
    const input = parse(updateEntitySchema, ctx.request.body);
    const { row, permissions } = await db.transaction((tx) => updateEntity(tx, id, input, actor, ctxOf()));
    deps.outbox.notify();
    ctx.body = await viewEntity(deps, actor, row, permissions);
  });

  router.delete('/:id', async (ctx) => {
    const actor = actorOf(ctx);
    const id = idParam(ctx.params.id, 'Entity');
    await authorizeEntity(db, actor, id, 'delete_entity');
    const input = parse(deleteEntitySchema, ctx.request.body ?? {});
    await db.transaction((tx) => deleteEntity(tx, id, input, actor, ctxOf()));
    deps.outbox.notify();
    // Spec §7: the answer is the caller's updated entity list.
    ctx.body = await viewEntities(deps, actor, await visibleEntities(db, actor));
  });

  router.post('/:id/regenerate-api-key', async (ctx) => {
    const actor = actorOf(ctx);
    const id = idParam(ctx.params.id, 'Entity');
    const row = await db.transaction((tx) => regenerateApiKey(tx, id, actor, deps.now()));
    deps.outbox.notify();
    const { permissions } = await authorizeEntity(db, actor, id, 'read');
    ctx.body = await viewEntity(deps, actor, row, permissions);
  });

  return router;
}
