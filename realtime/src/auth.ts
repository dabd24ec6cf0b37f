import {
  type AppDeps,
  baselineCeilings,
  capBaselines,
  DISPLAY_AUDIENCE,
  loadDisplayHandshake,
  USER_AUDIENCE,
  userTokenState,
} from '@oppslag/api/core';
import type { SyncPayload } from '@oppslag/common';
import type { SocketIdentity } from './identity';

/** What the handshake learns: who it is, and for a screen also its baselines (read in the same query). */
export interface Handshake {
  identity: SocketIdentity;
  /** A display's latest sequences of its chain; null for a user (read from its rooms instead). */
  baselines: SyncPayload[] | null;
}

/**
 * The audience a token claims, read without verifying it: it only picks which verification to run
 * (one signature check instead of trying the console's and then the display's), the verification
 * itself still checks the audience. Null when the token is not a readable JWT.
 */
export function claimedAudience(token: string): string | null {
  const dot = token.indexOf('.');
  const end = token.indexOf('.', dot + 1);
  if (dot < 0 || end < 0) return null;
  try {
    const aud: unknown = JSON.parse(Buffer.from(token.slice(dot + 1, end), 'base64url').toString()).aud;
    return typeof aud === 'string' ? aud : null;
  } catch {
    return null;
  }
}

/**
 * Resolves a handshake token: a console user's JWT (the user must still exist with the same token
 * version) or a display token (the display must exist and its API key version must match, so a
 * regenerated key kills the token).
 */
export async function identify(deps: AppDeps, token: unknown): Promise<SocketIdentity | null> {
  return (await handshake(deps, token))?.identity ?? null;
}

/** `identify`, with a screen's baselines from the same database round trip. */
export async function handshake(deps: AppDeps, token: unknown): Promise<Handshake | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
  const db = deps.database.db;
  const audience = claimedAudience(token);
  const user = audience === DISPLAY_AUDIENCE ? null : await deps.tokens.verifyUser(token);
  if (user) {
    const row = await userTokenState(db, user.user.id);
    if (!row || row.tokenVersion !== user.tv) return null;
    return { identity: { kind: 'user', userId: row.id, admin: row.admin }, baselines: null };
  }
  const display = audience === USER_AUDIENCE ? null : await deps.tokens.verifyDisplay(token);
  if (display) {
    // One query: the token's live check (exists, a display, same key version), chain, sequences.
    const found = await loadDisplayHandshake(db, display);
    if (!found) return null;
    const { ancestry } = found;
    const displayId = ancestry[0];
    // Never ahead of what the content poll may still answer from its snapshot (display-versions).
    const baselines = capBaselines(
      found.baselines,
      await baselineCeilings(deps.redis, deps.config.redisPrefix, ancestry),
    );
    // A console's preview sees what the screen sees but is not the screen (no presence).
    return {
      identity: display.pv
        ? { kind: 'display', displayId, ancestry, preview: true }
        : { kind: 'display', displayId, ancestry },
      baselines,
    };
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
