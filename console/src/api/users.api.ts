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
