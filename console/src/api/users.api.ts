import type { RouteBodyInput, RouteResponse } from '@oppslag/common/contract/define-route.ts';
import { usersContract as users } from '@oppslag/common/contract/users.contract.ts';
import { updateUserSchema } from '@oppslag/common/schemas/user.ts';
import { call } from './typed-client';

export type User = RouteResponse<typeof users.get>;
export type UserUpdate = RouteBodyInput<typeof users.update>;

/** The fields of the user details form, by the paths the API reports refusals under. */
export const USER_DETAIL_FIELDS = ['name', 'email', 'phoneNumber'] as const;

/**
 * The user details form (profile card, the superadmin's user page): the API's own update rules for
 * these fields. The current password goes along only when the address changes.
 */
export const userDetailsFormSchema = updateUserSchema
  .pick({ name: true, email: true, phoneNumber: true, currentPassword: true })
  .required({ email: true });

export interface UserDetailsValues {
  name?: string | null;
  email: string;
  phoneNumber?: string | null;
}

/** The form's values as the API takes them: trimmed, a blank name or phone stored as none. */
export const detailsBody = (values: UserDetailsValues) => ({
  name: values.name?.trim() || null,
  email: values.email.trim(),
  phoneNumber: values.phoneNumber?.trim() || null,
});

/**
 * Saves the name, e-mail and phone form of a user: the superadmin's user details of someone else.
 * `currentPassword` goes along when users move their own account to a new address (the API
 * refuses that without it); for one's own account use saveOwnAccount (state/profile.ts), which keeps the session.
 */
export function saveUserDetails(
  id: number,
  values: UserDetailsValues,
  currentPassword?: string,
): Promise<User> {
  return call(users.update, {
    params: { id },
    body: { ...detailsBody(values), ...(currentPassword ? { currentPassword } : {}) },
  });
}
