import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { usersContract as users } from '@oppslag/common/contract/users.contract.ts';
import { call } from './typed-client';

export type User = RouteResponse<typeof users.get>;
export type UserUpdate = RouteBodyInput<typeof users.update>;

export const usersApi = {
  list: () => call(users.list),
  get: (id: number) => call(users.get, { params: { id } }),
  update: (id: number, input: UserUpdate) => call(users.update, { params: { id }, body: input }),
  generateNewPassword: (id: number) => call(users.generateNewPassword, { params: { id } }),
};

/** The fields of the user details form, by the paths the API reports refusals under. */
export const USER_DETAIL_FIELDS = ['name', 'email', 'phoneNumber'] as const;

export interface UserDetailsValues {
  name: string;
  email: string;
  phoneNumber: string;
}

/**
 * Saves the name, e-mail and phone form of a user (own profile or an admin's user details): values
 * trimmed, a blank name or phone stored as none. `currentPassword` goes along when users move
 * their own account to a new address (the API refuses that without it).
 */
export function saveUserDetails(
  id: number,
  values: UserDetailsValues,
  currentPassword?: string,
): Promise<User> {
  return usersApi.update(id, {
    name: values.name.trim() || null,
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim() || null,
    ...(currentPassword ? { currentPassword } : {}),
  });
}
