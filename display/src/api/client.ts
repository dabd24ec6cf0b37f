import { createClient, type Fetcher } from '@oppslag/common/contract/client.ts';
import type { RouteBodyInput } from '@oppslag/common/contract/define-route.ts';
import { displayContract } from '@oppslag/common/contract/display.contract.ts';
import { errorBodySchema } from '@oppslag/common/errors.ts';
import { observeServerDate } from '../player/server-clock';
import { HttpError, UnauthorizedError } from './errors';
import type { ContentAnswer, Manifest } from './types';

/** API base (spec §7: defaults to /api, same origin as the player). */
export const API_BASE = '/api';

/** An answer the player already holds, with the entity tag it came with. */
export interface Remembered<T> {
  body: T;
  etag: string | null;
}

/** A conditional GET: the answer, its tag, and whether it is new (false: 304, the remembered one). */
export interface Fetched<T> extends Remembered<T> {
  changed: boolean;
}

async function failure(res: Response, what: string): Promise<never> {
  if (res.status === 401 || res.status === 403) throw new UnauthorizedError(`${what}: ${res.status}`);
  let message = `${what}: ${res.status}`;
  try {
    // The API's error envelope; any other JSON keeps the status-only message.
    const body = errorBodySchema.safeParse(await res.json());
    if (body.success) message = `${what}: ${body.data.error.message}`;
  } catch {
    // a non-JSON error page keeps the status-only message
  }
  throw new HttpError(res.status, message);
}

/**
 * The contract's answer for a route, or null when `raw` (the offline cache, written by an older
 * player perhaps) does not match it.
 */
export function readAnswer(route: typeof displayContract.manifest, raw: unknown): Manifest | null;
export function readAnswer(route: typeof displayContract.content, raw: unknown): ContentAnswer | null;
export function readAnswer(
  route: typeof displayContract.manifest | typeof displayContract.content,
  raw: unknown,
): Manifest | ContentAnswer | null {
  const parsed = route.response.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

type Credentials = RouteBodyInput<typeof displayContract.register>;

/** POST /api/display/register → { token, manifest }, checked against the contract. */
export async function registerDisplay(displayId: string, apiKey: string, base = API_BASE) {
  const fetcher: Fetcher = async (method, path, { body }) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // An unknown display id is a 404 for the API; for the person at the screen it is the same mistake.
    if (res.status === 404 || res.status === 400) throw new UnauthorizedError('unknown display');
    if (!res.ok) return failure(res, 'Failed to register display');
    return res.json();
  };
  const body: Credentials = { displayId, apiKey };
  return createClient(fetcher, { validate: true }).call(displayContract.register, { body });
}

/**
 * The display's reads with its token. Each GET sends `If-None-Match` with the tag of the answer
 * the player holds; a 304 hands that answer back, so the typed client checks (and returns) the
 * same shape either way. `force` asks for a full answer.
 */
export function createDisplayApi(token: string, base = API_BASE) {
  function conditional<T>(known: Remembered<T> | null, force: boolean) {
    const seen = { etag: known?.etag ?? null, changed: true };
    const fetcher: Fetcher = async (method, path) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (known?.etag && !force) headers['if-none-match'] = known.etag;
      const sentAt = Date.now();
      const res = await fetch(`${base}${path}`, { method, headers, cache: 'no-store' });
      observeServerDate(res.headers.get('date'), sentAt, Date.now());
      if (res.status === 304 && known) {
        seen.changed = false;
        return known.body;
      }
      if (!res.ok) return failure(res, `Failed to load ${path}`);
      seen.etag = res.headers.get('etag');
      return res.json();
    };
    return { client: createClient(fetcher, { validate: true }), seen };
  }

  return {
    async manifest(known: Remembered<Manifest> | null, force = false): Promise<Fetched<Manifest>> {
      const { client, seen } = conditional(known, force);
      const body = await client.call(displayContract.manifest);
      return { body, ...seen };
    },
    /** POST /api/display/token: a fresh token for the one this API runs with. */
    async renewToken() {
      const fetcher: Fetcher = async (method, path) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}` },
          cache: 'no-store',
        });
        if (!res.ok) return failure(res, 'Failed to renew the display token');
        return res.json();
      };
      return createClient(fetcher, { validate: true }).call(displayContract.renewToken);
    },
    async content(known: Remembered<ContentAnswer> | null, force = false): Promise<Fetched<ContentAnswer>> {
      const { client, seen } = conditional(known, force);
      const body = await client.call(displayContract.content);
      return { body, ...seen };
    },
  };
}

export type DisplayApi = ReturnType<typeof createDisplayApi>;
