import type { User } from '@oppslag/common/schemas/user.ts';
import { api } from './client';

export type { User };
export interface UserUpdate {
  name?: string | null;
  email?: string;
  phoneNumber?: string | null;
  language?: string;
}

export const usersApi = {
  list: () => api.get<User[]>('/users'),
  get: (id: number) => api.get<User>(`/users/${id}`),
  update: (id: number, input: UserUpdate) => api.put<User>(`/users/${id}`, input),
  generateNewPassword: (id: number) => api.post<{ password: string }>(`/users/${id}/generateNewPassword`),
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
 * trimmed, a blank name or phone stored as none.
 */
export function saveUserDetails(id: number, values: UserDetailsValues): Promise<User> {
  return usersApi.update(id, {
    name: values.name.trim() || null,
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim() || null,
  });
}
