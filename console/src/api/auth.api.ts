import { accountContract as account } from '@oppslag/common/contract/account.contract.ts';
import { authContract as auth } from '@oppslag/common/contract/auth.contract.ts';
import type { RouteBodyInput } from '@oppslag/common/contract/define-route.ts';
import { installContract as install } from '@oppslag/common/contract/install.contract.ts';
import { call } from './typed-client';

export const authApi = {
  install: (input: RouteBodyInput<typeof install.install>) => call(install.install, { body: input }),
  login: (email: string, password: string) => call(auth.login, { body: { email, password } }),
  resetPassword: (email: string) => call(auth.resetPassword, { body: { email } }),
  resetPasswordConfirm: (token: string, newPassword: string) =>
    call(auth.resetPasswordConfirm, { body: { token, newPassword } }),
  updateAccount: (input: RouteBodyInput<typeof account.update>) => call(account.update, { body: input }),
  changePassword: (input: RouteBodyInput<typeof account.changePassword>) =>
    call(account.changePassword, { body: input }),
};
