import Router from '@koa/router';
import { accountContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { presentUser } from '../../presenters/user.presenter';
import {
  changePassword,
  endOtherSessions,
  signFor,
  verifyCurrentPassword,
} from '../../services/auth.service';
import { sendMailSafely } from '../../services/invitation.service';
import { guardAttempt, loginLimiter } from '../../services/login-limiter.service';
import { mailTemplates } from '../../services/mail-templates';
import { getVisibleUser, grantsOf, updateUser } from '../../services/user.service';

const WRONG_PASSWORD_FOR_EMAIL = 'Give your current password to change the e-mail address.';

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
      const { currentPassword, ...changes } = body;
      const before = await getVisibleUser(db, actor, actor.id);
      const emailChanges = changes.email !== undefined && changes.email !== before.email.toLowerCase();
      if (emailChanges) {
        // The address is where resets go: a stolen session must prove the password (same budget as sign-in).
        await guardAttempt(ctx, deps, before.email);
        await verifyCurrentPassword(
          deps,
          actor.id,
          currentPassword,
          'currentPassword',
          WRONG_PASSWORD_FOR_EMAIL,
        );
        await loginLimiter(deps).succeeded(before.email, ctx.ip);
      }
      const row = await uow(async (tx) => {
        const updated = await updateUser(tx, actor, actor.id, changes, deps.now());
        return emailChanges ? endOtherSessions(tx, actor.id, ['email']) : updated;
      });
      if (emailChanges) {
        void sendMailSafely(deps, mailTemplates.emailChanged(before.email, row.language, row.email));
      }
      return { user: presentUser(row, await grantsOf(db, actor.id)), token: await signFor(deps, row) };
    },
    changePassword: async ({ actor, body, ctx }) => {
      // A stolen session must not become a way to guess the password: same budget as sign-in.
      await guardAttempt(ctx, deps, actor.email);
      const token = await changePassword(deps, actor.id, body);
      await loginLimiter(deps).succeeded(actor.email, ctx.ip);
      return { passwordChanged: true as const, token };
    },
  });
  return router;
}
