import { z } from 'zod';
import { updateUserSchema, userSchema } from '../schemas/user';
import { defineRoute, pathId } from './define-route';

const idParams = z.object({ id: pathId('User') });
const tags = ['users'];

/**
 * Users (platform spec §7). The list and password generation are the superadmin's; a single user
 * is visible to the superadmin and to that user, and does not exist (404) for anyone else.
 */
export const usersContract = {
  list: defineRoute({
    method: 'get',
    path: '/users',
    response: z.array(userSchema),
    errors: [],
    auth: 'superadmin',
    summary: 'All users',
    tags,
  }),
  get: defineRoute({
    method: 'get',
    path: '/users/{id}',
    params: idParams,
    response: userSchema,
    errors: [],
    auth: 'self',
    summary: 'One user with their permissions',
    tags,
  }),
  update: defineRoute({
    method: 'put',
    path: '/users/{id}',
    params: idParams,
    body: updateUserSchema,
    response: userSchema,
    errors: ['email_taken', 'last_admin', 'forbidden', 'wrong_password', 'rate_limited'],
    auth: 'self',
    summary: 'Update a user; only the superadmin may change the admin flag',
    tags,
  }),
  generateNewPassword: defineRoute({
    method: 'post',
    path: '/users/{id}/generateNewPassword',
    params: idParams,
    response: z.object({ password: z.string() }),
    status: 201,
    errors: [],
    auth: 'superadmin',
    summary: 'Give the user a new random password, mailed to them and returned once',
    tags,
  }),
};
