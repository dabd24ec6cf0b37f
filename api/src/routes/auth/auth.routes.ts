import Router from '@koa/router';
import {
  loginResponseSchema,
  loginSchema,
  resetPasswordConfirmSchema,
  resetPasswordSchema,
} from '@oppslag/common';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { parse } from '../../errors';
import type { ApiState } from '../../middleware/auth';
import { registerPaths } from '../../openapi/registry';
import { confirmReset, login, requestReset } from '../../services/auth.service';
import { guardAttempt, guardResetRequest, loginLimiter } from '../../services/login-limiter.service';

/** The one answer to every reset request, so it cannot be used to probe which e-mails exist. */
export const RESET_REQUESTED = {
  requested: true,
  message: 'If an account with that e-mail exists, an e-mail with instructions is on its way.',
} as const;
const resetRequestedSchema = z.object({ requested: z.literal(true), message: z.string() });

registerPaths([
  {
    method: 'post',
    path: '/api/authentication/login',
    summary: 'Sign in with e-mail and password',
    tags: ['authentication'],
    auth: false,
    body: loginSchema,
    responses: {
      200: loginResponseSchema,
      400: 'Validation failed',
      401: 'Invalid credentials',
      429: 'Too many attempts',
    },
  },
  {
    method: 'post',
    path: '/api/authentication/reset-password',
    summary: 'Ask for a password reset link by e-mail',
    tags: ['authentication'],
    auth: false,
    body: resetPasswordSchema,
    responses: {
      200: resetRequestedSchema,
      400: 'Validation failed',
      429: 'Too many requests from this client',
    },
  },
  {
    method: 'post',
    path: '/api/authentication/reset-password/confirm',
    summary: 'Set a new password with a reset or invitation token',
    tags: ['authentication'],
    auth: false,
    body: resetPasswordConfirmSchema,
    responses: { 200: z.object({ passwordReset: z.literal(true) }), 400: 'Invalid, used or expired token' },
  },
]);

export function authRoutes(deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/authentication' });

  router.post('/login', async (ctx) => {
    const input = parse(loginSchema, ctx.request.body);
    await guardAttempt(ctx, deps, input.email);
    const token = await login(deps, input.email, input.password);
    await loginLimiter(deps).succeeded(input.email, ctx.ip);
    ctx.body = { token };
  });

  router.post('/reset-password', async (ctx) => {
    const input = parse(resetPasswordSchema, ctx.request.body);
    await guardResetRequest(ctx, deps);
    await requestReset(deps, input.email, await loginLimiter(deps).allowResetMail(input.email));
    ctx.body = RESET_REQUESTED;
  });

  router.post('/reset-password/confirm', async (ctx) => {
    const input = parse(resetPasswordConfirmSchema, ctx.request.body);
    const user = await confirmReset(deps, input.token, input.newPassword);
    // Proving control of the mailbox lifts a brute-force lock on the account.
    await loginLimiter(deps).succeeded(user.email, ctx.ip);
    ctx.body = { passwordReset: true };
  });

  return router;
}
