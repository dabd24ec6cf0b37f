import Router from '@koa/router';
import { accountContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentUser } from '../../presenters/user.presenter';
import { changePassword, signFor } from '../../services/auth.service';
import { updateUserGuarded } from '../../services/email-change.service';
import { guardAttempt, loginLimiter } from '../../services/login-limiter.service';
import { checkPasswordContext } from '../../services/password-context.service';
import {
  confirmPhone,
  phoneConfirmationError,
  startPhoneVerification,
} from '../../services/phone-verification.service';
import { getVisibleUser, grantsOf } from '../../services/user.service';

/**
 * The signed-in user's own account (contract: `accountContract`). Changes that alter the token's
 * claims or end other sessions answer with a fresh token.
 */
export function accountRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  mountContract(router, deps, accountContract, {
    get: async ({ actor }) =>
      presentUser(await getVisibleUser(db, actor, actor.id), await grantsOf(db, actor.id)),
    update: async ({ actor, body, ctx, uow }) => {
      const row = await updateUserGuarded(deps, ctx, uow, actor, actor.id, body);
      return { user: presentUser(row, await grantsOf(db, actor.id)), token: await signFor(deps, row) };
    },
    changePassword: async ({ actor, body, ctx }) => {
      // A new password built from the e-mail or an organization's name tells nothing about the
      // current one, so it is refused before it spends the sign-in budget.
      await checkPasswordContext(db, actor.id, body.newPassword, 'newPassword');
      // A stolen session must not become a way to guess the password: same budget as sign-in.
      await guardAttempt(ctx, deps, actor.email);
      const token = await changePassword(deps, actor.id, body);
      await loginLimiter(deps).passwordReplaced(actor.email, ctx.ip);
      return { passwordChanged: true as const, token };
    },
    verifyPhone: async ({ actor, body, uow }) => {
      // The try is committed before a wrong code is answered, so five wrong codes end the code.
      const result = await uow((tx) => confirmPhone(tx, actor.id, body.code, deps.now()));
      if (result.status !== 'verified') throw phoneConfirmationError(result);
      return { user: presentUser(await getVisibleUser(db, actor, actor.id), await grantsOf(db, actor.id)) };
    },
    sendPhoneCode: async ({ actor, uow }) => ({
      sent: await uow((tx) => startPhoneVerification(tx, actor.id, deps.now())),
    }),
  });
  return router;
}
