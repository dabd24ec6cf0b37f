import { assetsContract as assets } from '@oppslag/common/contract/assets.contract.ts';
import { atom } from 'jotai';
import { currentToken, tokenAtom } from '../state/session';
import { store } from '../state/store';
import { API_BASE } from './client';
import { call } from './typed-client';

/**
 * The asset file cookie (issue 14 item 6). An `<img>` cannot send the Authorization header, and
 * a token in its URL would sit in history, logs and Referer headers for the token's seven days.
 * So the console asks the API for an HttpOnly cookie that only `/api/assets` receives, good for
 * 20 minutes, and opens a new one every 10 minutes (by its own clock, so a skewed clock does not
 * matter) and whenever the token changes (sign-in, own password change).
 */
const RENEW_AFTER_MS = 10 * 60 * 1000;

/** For which token the cookie was set and until when the console trusts it (the cookie itself is HttpOnly). */
export const fileSessionAtom = atom<{ token: string; renewAt: number } | null>(null);

let opening: { token: string; promise: Promise<void> } | null = null;
let renewTimer: ReturnType<typeof setTimeout> | null = null;

/** Opens (or renews) the cookie for the current token; resolves when images may load. */
export function openFileSession(token: string | null = currentToken()): Promise<void> {
  if (!token) return Promise.resolve();
  const held = store.get(fileSessionAtom);
  if (held?.token === token && held.renewAt > Date.now()) return Promise.resolve();
  if (opening?.token === token) return opening.promise;
  const promise = call(assets.openFileSession)
    .then(() => {
      if (currentToken() !== token) return;
      store.set(fileSessionAtom, { token, renewAt: Date.now() + RENEW_AFTER_MS });
      if (renewTimer) clearTimeout(renewTimer);
      renewTimer = setTimeout(() => void openFileSession(), RENEW_AFTER_MS);
    })
    .catch(() => undefined)
    .finally(() => {
      if (opening?.promise === promise) opening = null;
    });
  opening = { token, promise };
  return promise;
}

/** Forces a new cookie at the next open (an image failed: the cookie may have ended). */
export function renewFileSession(): Promise<void> {
  store.set(fileSessionAtom, null);
  return openFileSession();
}

/** The URL of an asset file (`/assets/1/cropped?v=…`, as the API gives it): no credential in it. */
export const assetFileUrl = (path: string) => `${API_BASE}${path}`;

// Signing out (or a session that ended) clears the cookie, so a shared computer keeps nothing.
store.sub(tokenAtom, () => {
  if (store.get(tokenAtom)) return;
  if (renewTimer) clearTimeout(renewTimer);
  renewTimer = null;
  if (!store.get(fileSessionAtom)) return;
  store.set(fileSessionAtom, null);
  void call(assets.closeFileSession).catch(() => undefined);
});
