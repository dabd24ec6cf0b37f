import { z } from 'zod';
import { changePasswordSchema } from '../schemas/auth';
import { updateUserSchema, userSchema, verifyPhoneSchema } from '../schemas/user';
import { defineRoute } from './define-route';

/**
 * Own profile: everything a user may change about themself (no id, no admin flag). A new e-mail
 * needs `currentPassword`: with the address comes the reset flow, so a stolen token must not be
 * enough to take the account over (ASVS V6.3.7).
 */
export const updateAccountSchema = updateUserSchema.omit({ id: true, admin: true });
const tags = ['account'];

/**
 * The signed-in user's own account. The spec names only change-password; `GET /api/account` (me)
 * and `PUT /api/account` are this API's choice of paths. Changes that alter the token's claims or
 * end other sessions answer with a fresh token so the console carries on without signing in again.
 */
export const accountContract = {
  get: defineRoute({
    method: 'get',
    path: '/account',
    response: userSchema,
    errors: [],
    auth: 'user',
    summary: 'The signed-in user, with their direct permissions',
    tags,
  }),
  update: defineRoute({
    method: 'put',
    path: '/account',
    body: updateAccountSchema,
    response: z.object({ user: userSchema, token: z.string() }),
    errors: ['email_taken', 'wrong_password', 'rate_limited'],
    auth: 'user',
    summary:
      'Update own profile and language (a new e-mail needs the current password, tells the old address and ends other sessions); answers with a fresh token',
    tags,
  }),
  changePassword: defineRoute({
    method: 'post',
    path: '/account/change-password',
    body: changePasswordSchema,
    response: z.object({ passwordChanged: z.literal(true), token: z.string() }),
    errors: ['password_mismatch', 'wrong_password', 'rate_limited'],
    auth: 'user',
    summary: 'Change own password (current one required); other sessions end',
    tags,
  }),
  verifyPhone: defineRoute({
    method: 'post',
    path: '/account/phone/verify',
    body: verifyPhoneSchema,
    response: z.object({ user: userSchema }),
    errors: [],
    auth: 'user',
    summary:
      'Confirm own phone number with the 6-digit code sent to it by SMS (15 minutes, 5 tries); only a confirmed number answers JA/NEI, auto-approves and gets member SMS',
    tags,
  }),
  sendPhoneCode: defineRoute({
    method: 'post',
    path: '/account/phone/code',
    response: z.object({ sent: z.boolean() }),
    errors: [],
    auth: 'user',
    summary: 'Send a new confirmation code to own phone number (ends the previous code)',
    tags,
  }),
};
