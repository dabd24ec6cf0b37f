import { HttpError, UnauthorizedError } from './errors';

/** API base (spec §7: defaults to /api, same origin as the player). */
export const API_BASE = '/api';

export interface Conditional<T> {
  /** null when the server answered 304 Not Modified. */
  body: T | null;
  etag: string | null;
}

async function failure(res: Response, what: string): Promise<never> {
  if (res.status === 401 || res.status === 403) throw new UnauthorizedError(`${what}: ${res.status}`);
  let message = `${what}: ${res.status}`;
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    if (body.error?.message) message = `${what}: ${body.error.message}`;
  } catch {
    // a non-JSON error page keeps the status-only message
  }
  throw new HttpError(res.status, message);
}

/** POST /api/display/register → { token, manifest } (raw manifest, normalized by the caller). */
export async function registerDisplay(
  displayId: string,
  apiKey: string,
  base = API_BASE,
): Promise<{ token: string; manifest: unknown }> {
  const res = await fetch(`${base}/display/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ displayId, apiKey }),
  });
  // An unknown display id is a 404 for the API; for the person at the screen it is the same mistake.
  if (res.status === 404 || res.status === 400) throw new UnauthorizedError('unknown display');
  if (!res.ok) return failure(res, 'Failed to register display');
  return (await res.json()) as { token: string; manifest: unknown };
}

/** GET with the display token and `If-None-Match`; 304 gives `body: null`. */
export async function getConditional(
  path: string,
  token: string,
  etag: string | null,
  base = API_BASE,
): Promise<Conditional<unknown>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (etag) headers['if-none-match'] = etag;
  const res = await fetch(`${base}${path}`, { headers, cache: 'no-store' });
  if (res.status === 304) return { body: null, etag };
  if (!res.ok) return failure(res, `Failed to load ${path}`);
  return { body: await res.json(), etag: res.headers.get('etag') };
}
