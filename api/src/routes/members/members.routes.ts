import Router from '@koa/router';
import {
  addMembersSchema,
  entityPermissionSchema,
  memberPermissionsSchema,
  memberRemovedSchema,
  memberSchema,
} from '@oppslag/common';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { parse } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { registerPaths } from '../../openapi/registry';
import { presentPermission } from '../../presenters/member.presenter';
import { authorizeEntity, requireAdmin } from '../../services/access.service';
import {
  addMembers,
  listMembers,
  removeMember,
  updateMemberPermissions,
} from '../../services/member.service';
import { idParam } from '../id-param';

const entityParams = z.object({ id: z.string().regex(/^\d+$/) });
const memberParams = z.object({ id: z.string().regex(/^\d+$/), userId: z.string().regex(/^\d+$/) });

registerPaths([
  {
    method: 'get',
    path: '/api/entities/{id}/members',
    summary: 'Direct and inherited members of an entity, one row per user',
    tags: ['members'],
    params: entityParams,
    responses: { 200: z.array(memberSchema), 401: 'Not signed in', 404: 'No such entity (or not visible)' },
  },
  {
    method: 'post',
    path: '/api/entities/{id}/members',
    summary: 'Add members by e-mail (superadmin); unknown addresses get an account and an invitation',
    tags: ['members'],
    params: entityParams,
    body: addMembersSchema,
    responses: {
      201: z.array(memberSchema),
      400: 'Validation failed',
      401: 'Not signed in',
      403: 'Superadmin only',
      404: 'No such entity (or not visible)',
    },
  },
  {
    method: 'delete',
    path: '/api/entities/{id}/members/{userId}',
    summary: 'Remove a direct member (superadmin); never yourself',
    tags: ['members'],
    params: memberParams,
    responses: {
      200: memberRemovedSchema,
      401: 'Not signed in',
      403: 'Superadmin only',
      404: 'No such entity or member',
      409: 'Inherited membership, or removing yourself',
    },
  },
  {
    method: 'put',
    path: '/api/entities/{id}/members/{userId}/permissions',
    summary:
      'Set autoApprove and/or smsNotifications of a direct member (superadmin; at most 2 SMS recipients)',
    tags: ['members'],
    params: memberParams,
    body: memberPermissionsSchema,
    responses: {
      200: entityPermissionSchema,
      400: 'Validation failed',
      401: 'Not signed in',
      403: 'Superadmin only',
      404: 'No such entity or member',
      409: 'Inherited membership, or the SMS notification limit',
    },
  },
]);

/**
 * Members of an entity (platform spec §4 and §7). Anyone who can read the entity sees its members;
 * adding, removing and the per-member switches are the superadmin's (spec §6).
 */
export function membersRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/entities/:id/members' });
  const db = deps.database.db;
  router.use(requireUser);

  /** Visibility first (404), then the superadmin check (403), then the body (400). */
  const guardAdmin = async (ctx: { state: ApiState }, entityId: number) => {
    const actor = actorOf(ctx);
    await authorizeEntity(db, actor, entityId, 'read');
    requireAdmin(actor);
    return actor;
  };

  router.get('/', async (ctx) => {
    const entityId = idParam(ctx.params.id, 'Entity');
    ctx.body = await listMembers(db, entityId, actorOf(ctx));
  });

  router.post('/', async (ctx) => {
    const entityId = idParam(ctx.params.id, 'Entity');
    const actor = await guardAdmin(ctx, entityId);
    const input = parse(addMembersSchema, ctx.request.body);
    const added = await db.transaction((tx) => addMembers(tx, deps, entityId, input, actor));
    deps.outbox.notify();
    ctx.status = 201;
    ctx.body = added;
  });

  router.delete('/:userId', async (ctx) => {
    const entityId = idParam(ctx.params.id, 'Entity');
    const actor = await guardAdmin(ctx, entityId);
    const userId = idParam(ctx.params.userId, 'Member');
    await db.transaction((tx) => removeMember(tx, entityId, userId, actor));
    deps.outbox.notify();
    ctx.body = { entityId, userId, removed: true };
  });

  router.put('/:userId/permissions', async (ctx) => {
    const entityId = idParam(ctx.params.id, 'Entity');
    const actor = await guardAdmin(ctx, entityId);
    const userId = idParam(ctx.params.userId, 'Member');
    const input = parse(memberPermissionsSchema, ctx.request.body);
    const row = await db.transaction((tx) => updateMemberPermissions(tx, entityId, userId, input, actor));
    deps.outbox.notify();
    ctx.body = presentPermission(row);
  });

  return router;
}
