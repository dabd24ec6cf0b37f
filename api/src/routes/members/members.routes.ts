import Router from '@koa/router';
import { membersContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentPermission } from '../../presenters/member.presenter';
import {
  addMembers,
  listMembers,
  removeMember,
  updateMemberPermissions,
} from '../../services/member.service';

/**
 * Members of an entity (platform spec §4 and §7). Anyone who can read the entity sees its members;
 * adding, removing and the per-member switches are the superadmin's: visibility first (404), then
 * the superadmin check (403), then the body (400) — the contract's `auth` + `permission`.
 */
export function membersRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  mountContract(router, deps, membersContract, {
    list: ({ params, actor }) => listMembers(deps.database.db, params.id, actor),
    add: ({ params, body, actor, uow }) => uow((tx) => addMembers(tx, deps, params.id, body, actor)),
    remove: async ({ params, actor, uow }) => {
      await uow((tx) => removeMember(tx, params.id, params.userId, actor));
      return { entityId: params.id, userId: params.userId, removed: true as const };
    },
    updatePermissions: async ({ params, body, actor, uow }) => {
      const row = await uow((tx) => updateMemberPermissions(tx, params.id, params.userId, body, actor));
      return presentPermission(row);
    },
  });
  return router;
}
