import { type AppDeps, entities, getAncestry, users } from '@oppslag/api/core';
import { and, eq } from 'drizzle-orm';
import type { SocketIdentity } from './identity';

/**
 * Resolves a handshake token: a console user's JWT (the user must still exist with the same token
 * version) or a display token (the display must exist and its API key version must match, so a
 * regenerated key kills the token).
 */
export async function identify(deps: AppDeps, token: unknown): Promise<SocketIdentity | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
  const db = deps.database.db;
  const user = await deps.tokens.verifyUser(token);
  if (user) {
    const [row] = await db
      .select({ id: users.id, admin: users.admin, tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, user.user.id));
    if (!row || row.tokenVersion !== user.tv) return null;
    return { kind: 'user', userId: row.id, admin: row.admin };
  }
  const display = await deps.tokens.verifyDisplay(token);
  if (display) {
    const [row] = await db
      .select({ id: entities.id, kv: entities.apiKeyVersion })
      .from(entities)
      .where(
        and(eq(entities.id, display.entityId), eq(entities.type, 'display'), eq(entities.deleted, false)),
      );
    if (!row || row.kv !== display.kv) return null;
    const ancestry = await getAncestry(db, row.id);
    if (!ancestry) return null;
    // A console's preview sees what the screen sees but is not the screen (no presence).
    return display.pv
      ? { kind: 'display', displayId: row.id, ancestry, preview: true }
      : { kind: 'display', displayId: row.id, ancestry };
  }
  return null;
}

/** An error the client sees as `connect_error` with `err.data.code`. */
export function unauthorizedError(): Error & { data: { code: string } } {
  return Object.assign(new Error('Invalid or expired token'), { data: { code: 'unauthorized' } });
}

/**
 * Origins allowed to open a socket: the public URL, CORS_ORIGINS, and the page's own host (same
 * origin whatever name the user typed). Clients without an Origin header (Node, native) are not
 * browsers and cannot be used for cross-site requests, so they pass to the token check.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowList: readonly string[],
): boolean {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host && parsed.host === host) return true;
  return allowList.some((allowed) => {
    try {
      return new URL(allowed).origin === parsed.origin;
    } catch {
      return false;
    }
  });
}
