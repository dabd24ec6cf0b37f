import type { RouteBody } from '@oppslag/common/contract/define-route.ts';
import { displayContract } from '@oppslag/common/contract/display.contract.ts';

/** What a registered screen remembers across reloads and power cuts. */
export interface Session {
  displayId: string;
  token: string;
  /** A console's preview: the token lives in memory only and nothing is cached for the screen. */
  preview?: boolean;
}

const KEY = 'oppslag.display.session';
const REVOKED_KEY = 'oppslag.display.revoked';

export function loadSession(storage: Storage = localStorage): Session | null {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return null;
    const s: unknown = JSON.parse(raw);
    return typeof s === 'object' &&
      s !== null &&
      'displayId' in s &&
      typeof s.displayId === 'string' &&
      'token' in s &&
      typeof s.token === 'string'
      ? { displayId: s.displayId, token: s.token }
      : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session, storage: Storage = localStorage): void {
  storage.setItem(KEY, JSON.stringify(session));
  storage.removeItem(REVOKED_KEY);
}

/** Forgets the token; `revoked` keeps a note so the registration screen can say why. */
export function clearSession(revoked: boolean, storage: Storage = localStorage): void {
  storage.removeItem(KEY);
  if (revoked) storage.setItem(REVOKED_KEY, '1');
}

export const wasRevoked = (storage: Storage = localStorage) => storage.getItem(REVOKED_KEY) === '1';

/**
 * What a link to the player carries in its fragment (after `#`), which a browser never sends to a
 * server, so no access log or proxy sees it (issue 14 item 6):
 * - `#preview=<token>&displayId=<hashid>`: the console's "preview display" with a short-lived,
 *   read-only preview token, used in memory only;
 * - `#displayId=<hashid>&apiKey=<key>`: the setup link of a screen (printed by the demo start),
 *   registered once and stored as a display token;
 * - `#displayId=<hashid>` alone fills in the registration form.
 */
export type PlayerLink =
  | { kind: 'preview'; displayId: string; token: string }
  | { kind: 'register'; credentials: RouteBody<typeof displayContract.register> }
  | { kind: 'prefill'; displayId: string };

export function linkFromHash(hash: string): PlayerLink | null {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const displayId = q.get('displayId')?.trim() ?? '';
  const token = q.get('preview')?.trim() ?? '';
  if (token && displayId) return { kind: 'preview', displayId, token };
  const parsed = displayContract.register.body.safeParse({
    displayId,
    apiKey: q.get('apiKey')?.trim() ?? '',
  });
  if (parsed.success) return { kind: 'register', credentials: parsed.data };
  return displayId ? { kind: 'prefill', displayId } : null;
}
