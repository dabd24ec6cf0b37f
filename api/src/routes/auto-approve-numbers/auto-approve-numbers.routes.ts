import Router from '@koa/router';
import { autoApproveContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import {
  createAutoApproveNumber,
  deleteAutoApproveNumber,
  listAutoApproveNumbers,
  updateAutoApproveNumber,
} from '../../domain/sms/auto-approve';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentAutoApproveNumber } from '../../presenters/auto-approve-number.presenter';

/**
 * Auto-approve numbers of an entity. Members who can read the entity see the list (the card sits
 * on the members tab); changing it needs edit_entity, like the other entity settings.
 */
export function autoApproveNumbersRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  mountContract(router, deps, autoApproveContract, {
    list: async ({ params }) => {
      const now = deps.now();
      return (await listAutoApproveNumbers(deps.database.db, params.id)).map((r) =>
        presentAutoApproveNumber(r, now),
      );
    },
    create: async ({ params, body, actor, uow }) => {
      const row = await uow((tx) => createAutoApproveNumber(tx, params.id, body, actor, deps.now()));
      return presentAutoApproveNumber(row, deps.now());
    },
    update: async ({ params, body, actor, uow }) => {
      const row = await uow((tx) =>
        updateAutoApproveNumber(tx, params.id, params.numberId, body, actor, deps.now()),
      );
      return presentAutoApproveNumber(row, deps.now());
    },
    remove: async ({ params, actor, uow }) => {
      await uow((tx) => deleteAutoApproveNumber(tx, params.id, params.numberId, actor));
      return { id: params.numberId, deleted: true as const };
    },
  });
  return router;
}
