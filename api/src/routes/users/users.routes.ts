import Router from '@koa/router';
import { updateUserSchema, userSchema } from '@oppslag/common';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { notFound, parse } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { registerPaths } from '../../openapi/registry';
import { presentUser } from '../../presenters/user.presenter';
import { requireAdmin } from '../../services/access.service';
import {
  generateNewPassword,
  getVisibleUser,
  grantsOf,
  listUsers,
  updateUser,
} from '../../services/user.service';

const idParams = z.object({ id: z.string().regex(/^\d+$/) });

registerPaths([
  {
    method: 'get',
    path: '/api/users',
    summary: 'All users (superadmin)',
    tags: ['users'],
    responses: { 200: z.array(userSchema), 401: 'Not signed in', 403: 'Superadmin only' },
  },
  {
    method: 'get',
    path: '/api/users/{id}',
    summary: 'One user with their permissions (superadmin, or the user themself)',
    tags: ['users'],
    params: idParams,
    responses: { 200: userSchema, 401: 'Not signed in', 404: 'No such user (or not visible)' },
  },
  {
    method: 'put',
    path: '/api/users/{id}',
    summary: 'Update a user (superadmin; a user may update their own profile and language)',
    tags: ['users'],
    params: idParams,
    body: updateUserSchema,
    responses: {
      200: userSchema,
      400: 'Validation failed',
      401: 'Not signed in',
      403: 'Only a superadmin may change the admin flag',
      404: 'No such user (or not visible)',
      409: 'E-mail in use, or last superadmin',
    },
  },
  {
    method: 'post',
    path: '/api/users/{id}/generateNewPassword',
    summary: 'Give the user a new random password, mailed to them and returned once (superadmin)',
    tags: ['users'],
    params: idParams,
    responses: {
      201: z.object({ password: z.string() }),
      401: 'Not signed in',
      403: 'Superadmin only',
      404: 'No such user',
    },
  },
]);

/** A numeric path id; anything else is a user that does not exist. */
function userId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound('User');
  return Number(raw);
}

/**
 * Users. The list and password generation are superadmin-only (403 for other signed-in users);
 * a single user is visible to the superadmin and to that user, and is 404 for everyone else.
 */
export function usersRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/users' });
  router.use(requireUser);

  router.get('/', async (ctx) => {
    requireAdmin(actorOf(ctx));
    ctx.body = (await listUsers(deps.database.db)).map((row) => presentUser(row));
  });

  router.get('/:id', async (ctx) => {
    const id = userId(ctx.params.id);
    const row = await getVisibleUser(deps.database.db, actorOf(ctx), id);
    ctx.body = presentUser(row, await grantsOf(deps.database.db, id));
  });

  router.put('/:id', async (ctx) => {
    const actor = actorOf(ctx);
    const id = userId(ctx.params.id);
    // Visibility first, so a non-admin probing other ids learns nothing from validation errors.
    await getVisibleUser(deps.database.db, actor, id);
    const row = await updateUser(deps, actor, id, parse(updateUserSchema, ctx.request.body));
    ctx.body = presentUser(row, await grantsOf(deps.database.db, id));
  });

  router.post('/:id/generateNewPassword', async (ctx) => {
    const actor = actorOf(ctx);
    requireAdmin(actor);
    const password = await generateNewPassword(deps, actor, userId(ctx.params.id));
    ctx.status = 201;
    ctx.body = { password };
  });

  return router;
}
