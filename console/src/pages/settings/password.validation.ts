import { PASSWORD_MAX, PASSWORD_MIN } from '@oppslag/common/constants.ts';

export interface PasswordChange {
  password: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** i18n keys (namespace settings) for each broken rule of spec §5. */
export function validatePasswordChange(v: PasswordChange): Partial<Record<keyof PasswordChange, string>> {
  const errors: Partial<Record<keyof PasswordChange, string>> = {};
  if (!v.password) errors.password = 'password.required';
  if (!v.newPassword) errors.newPassword = 'password.required';
  else if (v.newPassword.length < PASSWORD_MIN) errors.newPassword = 'password.tooShort';
  else if (v.newPassword.length > PASSWORD_MAX) errors.newPassword = 'password.tooLong';
  if (!v.confirmNewPassword) errors.confirmNewPassword = 'password.required';
  else if (v.newPassword !== v.confirmNewPassword) errors.confirmNewPassword = 'password.mismatch';
  return errors;
}
