import Router from '@koa/router';
import {
  changePasswordSchema,
  PASSWORD_MISMATCH_MESSAGE,
  updateUserSchema,
  userSchema,
} from '@oppslag/common';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError, parse } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { registerPaths } from '../../openapi/registry';
import { presentUser } from '../../presenters/user.presenter';
import { changePassword, signFor } from '../../services/auth.service';
import { guardAttempt, loginLimiter } from '../../services/login-limiter.service';
import { getVisibleUser, grantsOf, updateUser } from '../../services/user.service';

/** Own profile: everything a user may change about themself (no id, no admin flag). */
export const updateAccountSchema = updateUserSchema.omit({ id: true, admin: true });
const accountUpdatedSchema = z.object({ user: userSchema, token: z.string() });
const passwordChangedSchema = z.object({ passwordChanged: z.literal(true), token: z.string() });

registerPaths([
  {
    method: 'get',
    path: '/api/account',
    summary: 'The signed-in user, with their direct permissions',
    tags: ['account'],
    responses: { 200: userSchema, 401: 'Not signed in' },
  },
  {
    method: 'put',
    path: '/api/account',
    summary: 'Update own profile and language; answers with a fresh token carrying the new details',
    tags: ['account'],
    body: updateAccountSchema,
    responses: {
      200: accountUpdatedSchema,
      400: 'Validation failed',
      401: 'Not signed in',
      409: 'E-mail in use',
    },
  },
  {
    method: 'post',
    path: '/api/account/change-password',
    summary: 'Change own password (current one required); other sessions end',
    tags: ['account'],
    body: changePasswordSchema,
    responses: {
      200: passwordChangedSchema,
      400: 'Validation failed, passwords do not match, or wrong current password',
      401: 'Not signed in',
      429: 'Too many attempts',
    },
  },
]);

/**
 * The signed-in user's own account. The spec names only change-password; `GET /api/account` (me)
 * and `PUT /api/account` (profile and language settings cards) are this API's choice of paths.
 * Changes that alter the token's claims or kill it answer with a fresh token so the console
 * carries on without signing in again.
 */
export function accountRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/account' });
  router.use(requireUser);

  router.get('/', async (ctx) => {
    const actor = actorOf(ctx);
    const row = await getVisibleUser(deps.database.db, actor, actor.id);
    ctx.body = presentUser(row, await grantsOf(deps.database.db, actor.id));
  });

  router.put('/', async (ctx) => {
    const actor = actorOf(ctx);
    const input = parse(updateAccountSchema, ctx.request.body);
    const row = await updateUser(deps, actor, actor.id, input);
    ctx.body = {
      user: presentUser(row, await grantsOf(deps.database.db, actor.id)),
      token: await signFor(deps, row),
    };
  });

  router.post('/change-password', async (ctx) => {
    const actor = actorOf(ctx);
    const result = changePasswordSchema.safeParse(ctx.request.body);
    if (!result.success) {
      const issues = result.error.issues;
      // The only failing check is the confirmation: answer with the spec's own code and wording.
      if (issues.every((i) => i.code === 'custom' && i.path[0] === 'confirmNewPassword')) {
        throw new AppError(400, 'password_mismatch', PASSWORD_MISMATCH_MESSAGE, {
          fields: [{ path: 'confirmNewPassword', code: 'mismatch', message: PASSWORD_MISMATCH_MESSAGE }],
        });
      }
      parse(changePasswordSchema, ctx.request.body);
    }
    const input = parse(changePasswordSchema, ctx.request.body);
    // A stolen session must not become a way to guess the password: same budget as sign-in.
    await guardAttempt(ctx, deps, actor.email);
    const token = await changePassword(deps, actor.id, input);
    await loginLimiter(deps).succeeded(actor.email, ctx.ip);
    ctx.body = { passwordChanged: true, token };
  });

  return router;
}
