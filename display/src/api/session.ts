import type { RouteBody } from '@oppslag/common/contract/define-route.ts';
import { displayContract } from '@oppslag/common/contract/display.contract.ts';

/** What a registered screen remembers across reloads and power cuts. */
export interface Session {
  displayId: string;
  token: string;
}

const KEY = 'oppslag.display.session';
const REVOKED_KEY = 'oppslag.display.revoked';

export function loadSession(storage: Storage = localStorage): Session | null {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<Session>;
    return typeof s.displayId === 'string' && typeof s.token === 'string'
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
 * Credentials passed by the console's preview link (/display?displayId=..&apiKey=..), as the
 * register call's body takes them (the contract's schema), or null when they could not register.
 */
export function credentialsFromQuery(search: string): RouteBody<typeof displayContract.register> | null {
  const q = new URLSearchParams(search);
  const parsed = displayContract.register.body.safeParse({
    displayId: q.get('displayId') ?? '',
    apiKey: q.get('apiKey')?.trim() ?? '',
  });
  return parsed.success ? parsed.data : null;
}
