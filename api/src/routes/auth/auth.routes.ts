import Router from '@koa/router';
import { authContract, RESET_REQUESTED } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';
import { confirmReset, login, requestReset } from '../../services/auth.service';
import { guardAttempt, guardResetRequest, loginLimiter } from '../../services/login-limiter.service';

export { RESET_REQUESTED };

/** Sign-in and password reset; each guarded by the login limiter (per account and per client). */
export function authRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  mountContract(router, deps, authContract, {
    login: async ({ body, ctx }) => {
      await guardAttempt(ctx, deps, body.email);
      const token = await login(deps, body.email, body.password);
      await loginLimiter(deps).succeeded(body.email, ctx.ip);
      return { token };
    },
    resetPassword: async ({ body, ctx }) => {
      await guardResetRequest(ctx, deps);
      await requestReset(deps, body.email, await loginLimiter(deps).allowResetMail(body.email));
      return RESET_REQUESTED;
    },
    resetPasswordConfirm: async ({ body, ctx }) => {
      const user = await confirmReset(deps, body.token, body.newPassword);
      // Proving control of the mailbox lifts a brute-force lock on the account (issue 28 item 2).
      await loginLimiter(deps).passwordReplaced(user.email, ctx.ip);
      return { passwordReset: true as const };
    },
  });
  return router;
}
