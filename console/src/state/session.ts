import { atom } from 'jotai';
import type { ConnectivityState } from '../api/connectivity';
import { queryClient } from '../api/query-client';
import { decodeToken } from '../api/token';
import { STORAGE_KEYS, storage } from '../lib/storage';
import { store } from './store';

function initialToken(): string | null {
  const token = storage.get(STORAGE_KEYS.token);
  // A stored token without a usable user is discarded at once (spec §3).
  if (token && !decodeToken(token)) {
    storage.set(STORAGE_KEYS.token, null);
    return null;
  }
  return token;
}

/** The bearer token; mirrors localStorage 'token'. */
export const tokenAtom = atom<string | null>(initialToken());
/** The signed-in user decoded from the token, or null. */
export const tokenUserAtom = atom((get) => decodeToken(get(tokenAtom)));
/** Set when the API answered 401 to a signed-in request: the session-timed-out dialog shows. */
export const sessionExpiredAtom = atom(false);
/** Server reachability as seen by the connectivity test. */
export const connectivityAtom = atom<ConnectivityState>('online');
/** Install state from GET /api/status; 'unknown' until the first answer. */
export const installStatusAtom = atom<'unknown' | 'uninstalled' | 'online'>('unknown');

/**
 * setToken action: stores or clears the token everywhere. The query cache holds what the signed-in
 * user may see: another user signing in (after an expired session, say) starts from an empty
 * cache, and the same user signing in again has everything fetched afresh (the socket was down).
 */
export function setToken(token: string | null): void {
  const before = store.get(tokenUserAtom);
  storage.set(STORAGE_KEYS.token, token);
  store.set(tokenAtom, token);
  if (token) store.set(sessionExpiredAtom, false);
  const after = store.get(tokenUserAtom);
  if (!after) return;
  if (lastUserId !== null && lastUserId !== after.id) queryClient.clear();
  else if (!before) void queryClient.invalidateQueries();
  lastUserId = after.id;
}

/** Whose data the query cache holds: the last user signed in (kept while signed out). */
let lastUserId: number | null = decodeToken(store.get(tokenAtom))?.id ?? null;

export const currentToken = () => store.get(tokenAtom);
