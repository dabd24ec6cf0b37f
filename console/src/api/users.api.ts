import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { usersContract as users } from '@oppslag/common/contract/users.contract.ts';
import { fieldErrors } from './api-error';
import { call } from './typed-client';

export type User = RouteResponse<typeof users.get>;
export type UserUpdate = RouteBodyInput<typeof users.update>;

export const usersApi = {
  list: () => call(users.list),
  get: (id: number) => call(users.get, { params: { id } }),
  update: (id: number, input: UserUpdate) => call(users.update, { params: { id }, body: input }),
  generateNewPassword: (id: number) => call(users.generateNewPassword, { params: { id } }),
};

export interface UserDetailsValues {
  name: string;
  email: string;
  phoneNumber: string;
}

/**
 * Saves the name, e-mail and phone form of a user (own profile or an admin's user details): values
 * trimmed, a blank name or phone stored as none. A refusal's field errors go to `onFieldErrors`
 * before it is rethrown for the form's result line.
 */
export async function saveUserDetails(
  id: number,
  values: UserDetailsValues,
  onFieldErrors: (errors: Record<string, string>) => void,
): Promise<User> {
  try {
    return await usersApi.update(id, {
      name: values.name.trim() || null,
      email: values.email.trim(),
      phoneNumber: values.phoneNumber.trim() || null,
    });
  } catch (err) {
    onFieldErrors(fieldErrors(err));
    throw err;
  }
}
