import { describe, expect, it } from 'vitest';
import { loginPath, routePath, safeReturnPath } from './paths';

describe('named routes', () => {
  it('builds every named route with its parameters', () => {
    expect(routePath('auth--login')).toBe('/auth/login');
    expect(routePath('auth--reset-password-confirm', { resetPasswordConfirmToken: 'abc' })).toBe(
      '/auth/reset-password/abc',
    );
    expect(routePath('client--entity', { id: 12 })).toBe('/entities/12');
    expect(routePath('global--error-404', { 0: '/no/such/page' })).toBe('/no/such/page');
    expect(() => routePath('client--entity')).toThrow(/needs parameter id/);
  });

  it('adds the return path to login, except for auth pages and the root', () => {
    expect(loginPath('/entities/3?tab=1')).toBe('/auth/login?return=%2Fentities%2F3%3Ftab%3D1');
    expect(loginPath('/')).toBe('/auth/login');
    expect(loginPath('/auth/logout')).toBe('/auth/login');
  });

  it('follows only same-origin return paths', () => {
    expect(safeReturnPath('/entities')).toBe('/entities');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});
