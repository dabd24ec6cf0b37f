import { describe, expect, it } from 'vitest';
import en from '../../i18n/en/settings.json';
import { validatePasswordChange } from './password.validation';

describe('validatePasswordChange', () => {
  it('accepts matching new passwords', () => {
    expect(
      validatePasswordChange({
        password: 'old',
        newPassword: 'correct horse',
        confirmNewPassword: 'correct horse',
      }),
    ).toEqual({});
  });

  it('requires every field', () => {
    expect(validatePasswordChange({ password: '', newPassword: '', confirmNewPassword: '' })).toEqual({
      password: 'password.required',
      newPassword: 'password.required',
      confirmNewPassword: 'password.required',
    });
  });

  it("gives the spec's mismatch message", () => {
    const errors = validatePasswordChange({
      password: 'old',
      newPassword: 'correct horse',
      confirmNewPassword: 'correct house',
    });
    expect(errors).toEqual({ confirmNewPassword: 'password.mismatch' });
    expect(en.password.mismatch).toBe('Passwords does not match. Please try again.');
  });

  it('enforces the length limits', () => {
    expect(
      validatePasswordChange({ password: 'x', newPassword: 'short', confirmNewPassword: 'short' })
        .newPassword,
    ).toBe('password.tooShort');
  });
});
