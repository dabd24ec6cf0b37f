import { api } from './client';

export interface InstallInput {
  adminEmail: string;
  adminPassword: string;
  rootEntity: string;
}

export const authApi = {
  status: () =>
    api.get<{
      status: 'uninstalled' | 'online';
      supportEmail?: string;
      smsNumber?: string;
      featureSet?: string;
      production?: boolean;
    }>('/status'),
  install: (input: InstallInput) => api.post<unknown>('/admin/install', input),
  login: (email: string, password: string) =>
    api.post<{ token: string }>('/authentication/login', { email, password }),
  resetPassword: (email: string) => api.post<unknown>('/authentication/reset-password', { email }),
  resetPasswordConfirm: (token: string, newPassword: string) =>
    api.post<unknown>('/authentication/reset-password/confirm', { token, newPassword }),
  changePassword: (input: { password: string; newPassword: string; confirmNewPassword: string }) =>
    api.post<{ passwordChanged: boolean }>('/account/change-password', input),
};
