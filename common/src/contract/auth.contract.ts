import { z } from 'zod';
import {
  loginResponseSchema,
  loginSchema,
  resetPasswordConfirmSchema,
  resetPasswordSchema,
} from '../schemas/auth';
import { defineRoute } from './define-route';

/** The one answer to every reset request, so it cannot be used to probe which e-mails exist. */
export const RESET_REQUESTED = {
  requested: true,
  message: 'If an account with that e-mail exists, an e-mail with instructions is on its way.',
} as const;
export const resetRequestedSchema = z.object({ requested: z.literal(true), message: z.string() });

const tags = ['authentication'];

/** Sign-in and password reset (platform spec §2). */
export const authContract = {
  login: defineRoute({
    method: 'post',
    path: '/authentication/login',
    body: loginSchema,
    response: loginResponseSchema,
    errors: ['invalid_credentials', 'demo_password_refused', 'rate_limited'],
    auth: 'public',
    summary: 'Sign in with e-mail and password',
    tags,
  }),
  resetPassword: defineRoute({
    method: 'post',
    path: '/authentication/reset-password',
    body: resetPasswordSchema,
    response: resetRequestedSchema,
    errors: ['rate_limited'],
    auth: 'public',
    summary: 'Ask for a password reset link by e-mail',
    tags,
  }),
  resetPasswordConfirm: defineRoute({
    method: 'post',
    path: '/authentication/reset-password/confirm',
    body: resetPasswordConfirmSchema,
    response: z.object({ passwordReset: z.literal(true) }),
    errors: ['reset_token_invalid'],
    auth: 'public',
    summary: 'Set a new password with a reset or invitation token',
    tags,
  }),
};
