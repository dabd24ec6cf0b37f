import Router from '@koa/router';
import { entitySchema, installSchema, userSchema } from '@oppslag/common';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { parse } from '../../errors';
import type { ApiState } from '../../middleware/auth';
import { registerPaths } from '../../openapi/registry';
import { presentEntity } from '../../presenters/entity.presenter';
import { presentUser } from '../../presenters/user.presenter';
import { alreadyInstalled, getInstallation, install } from '../../services/install.service';
import { hashPassword } from '../../services/password.service';

export const installResultSchema = z.object({
  admin: userSchema,
  masterDisplay: entitySchema,
  rootEntity: entitySchema,
});

registerPaths([
  {
    method: 'post',
    path: '/api/admin/install',
    summary: 'First-time setup: superadmin, root entity and master display',
    tags: ['install'],
    auth: false,
    body: installSchema,
    responses: { 201: installResultSchema, 400: 'Validation failed', 409: 'Already installed' },
  },
]);

/**
 * `POST /api/admin/install` is open to anyone exactly until the first install succeeds; after that
 * it answers 409 `already_installed` to everyone, signed in or not.
 */
export function installRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>();
  router.post('/admin/install', async (ctx) => {
    const input = parse(installSchema, ctx.request.body);
    // Cheap early answer before spending an argon2 hash; the service re-checks under its lock.
    if (await getInstallation(deps.database.db)) throw alreadyInstalled();
    const passwordHash = await hashPassword(input.adminPassword, deps.config.passwordHashing);
    const result = await install(deps, {
      adminEmail: input.adminEmail,
      rootEntity: input.rootEntity,
      passwordHash,
    });
    deps.outbox.notify();
    const actor = { id: result.admin.id, admin: true };
    const p = { actor, alphabet: deps.config.hashidAlphabet };
    ctx.status = 201;
    ctx.body = {
      admin: presentUser(result.admin),
      rootEntity: presentEntity(result.rootEntity, p),
      masterDisplay: presentEntity(result.masterDisplay, p),
    };
  });
  return router;
}
