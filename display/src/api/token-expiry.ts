/**
 * When a display token expires (its JWT `exp`), read without verifying: the player only uses it
 * to know when to ask for a fresh one. Null when the token is not a readable JWT.
 */
export function tokenExpiresAt(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload: unknown = JSON.parse(json);
    const exp = typeof payload === 'object' && payload !== null && 'exp' in payload ? payload.exp : null;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * A token is renewed while the screen is connected once less than this is left of its 365 days,
 * so a screen that is online now and then (a month's margin) never meets its expiry.
 */
export const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;

export function renewalDue(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - now < RENEW_BEFORE_MS;
}
