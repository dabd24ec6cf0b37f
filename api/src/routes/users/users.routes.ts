import Router from '@koa/router';
import { usersContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentUser } from '../../presenters/user.presenter';
import { updateUserGuarded } from '../../services/email-change.service';
import { loginLimiter } from '../../services/login-limiter.service';
import {
  generateNewPassword,
  getVisibleUser,
  grantsOf,
  listUsers,
  mailNewPassword,
} from '../../services/user.service';

/**
 * Users. The list and password generation are superadmin-only (403 for other signed-in users);
 * a single user is visible to the superadmin and to that user (`auth: 'self'`), 404 for anyone else.
 */
export function usersRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  mountContract(router, deps, usersContract, {
    list: async () => (await listUsers(db)).map((row) => presentUser(row)),
    get: async ({ actor, params }) =>
      presentUser(await getVisibleUser(db, actor, params.id), await grantsOf(db, params.id)),
    update: async ({ actor, params, body, ctx, uow }) => {
      const row = await updateUserGuarded(deps, ctx, uow, actor, params.id, body);
      return presentUser(row, await grantsOf(db, params.id));
    },
    generateNewPassword: async ({ actor, params, uow }) => {
      const { row, password } = await uow((tx) =>
        generateNewPassword(tx, actor, params.id, deps.config.passwordHashing),
      );
      await mailNewPassword(deps, row, password);
      // A generated password clears the account's lock like a reset (no address of the owner to trust).
      await loginLimiter(deps).passwordReplaced(row.email, null);
      return { password };
    },
  });
  return router;
}
