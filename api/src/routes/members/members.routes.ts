import Router from '@koa/router';
import { addMembersSchema, memberPermissionsSchema } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { parse } from '../../errors';
import { type ApiState, actorOf, requireUser } from '../../middleware/auth';
import { presentPermission } from '../../presenters/member.presenter';
import { authorizeEntity, requireAdmin } from '../../services/access.service';
import {
  addMembers,
  listMembers,
  removeMember,
  updateMemberPermissions,
} from '../../services/member.service';
import { idParam } from '../id-param';

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
