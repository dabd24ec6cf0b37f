/**
 * Named routes of platform spec §2. `routePath` fills the parameters; `global--error-404` takes
 * the unknown path as parameter `0`.
 */
export const NAMED_ROUTES = {
  install: '/install',
  'auth--login': '/auth/login',
  'auth--logout': '/auth/logout',
  'auth--reset-password': '/auth/reset-password',
  'auth--reset-password-confirm': '/auth/reset-password/:resetPasswordConfirmToken',
  'client--entity': '/entities/:id',
  'client--error-404': '/404',
  'global--error-404': '/:0',
} as const;

export type RouteName = keyof typeof NAMED_ROUTES;

export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  return NAMED_ROUTES[name].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs parameter ${key}`);
    return key === '0' ? String(value).replace(/^\/+/, '') : encodeURIComponent(String(value));
  });
}

/** Where login sends the user back to: `/auth/login?return=/entities/3`. */
export function loginPath(returnTo?: string): string {
  const base = NAMED_ROUTES['auth--login'];
  if (!returnTo || returnTo === '/' || returnTo.startsWith('/auth/')) return base;
  return `${base}?return=${encodeURIComponent(returnTo)}`;
}

/** Only same-origin paths are followed after login, never an absolute URL. */
export function safeReturnPath(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return '/';
  return value;
}

export const entityPath = (id: number, tab?: string) => `/entities/${id}${tab ? `/${tab}` : ''}`;
