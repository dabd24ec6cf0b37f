import Router from '@koa/router';
import { createEntitySchema, deleteEntitySchema, entitySchema, updateEntitySchema } from '@oppslag/common';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { parse } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { registerPaths } from '../../openapi/registry';
import { authorizeEntity } from '../../services/access.service';
import { createEntity, regenerateApiKey, updateEntity } from '../../services/entity.service';
import { deleteEntity } from '../../services/entity-delete.service';
import { loadEntity, visibleEntities } from '../../services/entity-query.service';
import { viewEntities, viewEntity } from '../../services/entity-view.service';
import { idParam } from '../id-param';

const idParams = z.object({ id: z.string().regex(/^\d+$/) });
const entityList = z.array(entitySchema);

registerPaths([
  {
    method: 'get',
    path: '/api/entities',
    summary:
      "The caller's entities: every entity at or below one they hold a role on (all for the superadmin)",
    tags: ['entities'],
    responses: { 200: entityList, 401: 'Not signed in' },
  },
  {
    method: 'get',
    path: '/api/entities/{id}',
    summary: 'One entity with the caller’s permissions on it',
    tags: ['entities'],
    params: idParams,
    responses: { 200: entitySchema, 401: 'Not signed in', 404: 'No such entity (or not visible)' },
  },
  {
    method: 'post',
    path: '/api/entities',
    summary:
      'Create an entity (create_entity on the parent; top level, organizations and code words: superadmin)',
    tags: ['entities'],
    body: createEntitySchema,
    responses: {
      201: entitySchema,
      400: 'Validation failed',
      401: 'Not signed in',
      403: 'Not allowed',
      404: 'Parent not found',
      409: 'Code word taken',
    },
  },
  {
    method: 'put',
    path: '/api/entities/{id}',
    summary:
      'Partial update (edit_entity); orientation, code word, features, type and moves are the superadmin’s',
    tags: ['entities'],
    params: idParams,
    body: updateEntitySchema,
    responses: {
      200: entitySchema,
      400: 'Validation failed',
      401: 'Not signed in',
      403: 'Not allowed',
      404: 'No such entity (or not visible)',
      409: 'Code word taken, or an entity with children cannot become a display',
      422: 'Invalid move target',
    },
  },
  {
    method: 'delete',
    path: '/api/entities/{id}',
    summary:
      'Soft-delete an entity (delete_entity); children need withChildren or moveTo. Answers the caller’s entity list',
    tags: ['entities'],
    params: idParams,
    body: deleteEntitySchema,
    responses: {
      200: entityList,
      400: 'Validation failed',
      401: 'Not signed in',
      403: 'Not allowed',
      404: 'No such entity (or not visible)',
      409: 'Has children, or is the root entity or master display',
      422: 'Invalid move target',
    },
  },
  {
    method: 'post',
    path: '/api/entities/{id}/regenerate-api-key',
    summary: 'New API key for a display (superadmin); tokens issued under the old key stop working',
    tags: ['entities'],
    params: idParams,
    responses: {
      200: entitySchema,
      400: 'Not a display',
      401: 'Not signed in',
      403: 'Superadmin only',
      404: 'No such entity (or not visible)',
    },
  },
]);

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
