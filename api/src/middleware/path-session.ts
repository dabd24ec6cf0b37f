import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { AppDeps } from '../deps';
import { type AuthedUser, currentUser } from './auth';

/**
 * A browser session for one path, where a URL cannot carry a header (an `<img>`, a dashboard
 * opened by navigation) and must not carry a token either (issue 14 item 6, ASVS V14.2.1).
 *
 * The cookie is HttpOnly, SameSite=Strict, scoped to `path`, and holds no JWT: it is an HMAC over
 * (purpose, user id, token version, expiry), so it is good for that path only, for `seconds` at
 * most, and a password change, reset or demotion ends it with the user's token version.
 */
export interface PathSession {
  /** Cookie name. */
  name: string;
  /** The only path the browser sends it to. */
  path: string;
  /** Separates the MACs of different sessions, so one session's cookie never opens another's path. */
  purpose: string;
  seconds: number;
}

export function startPathSession(
  deps: Pick<AppDeps, 'config' | 'now'>,
  ctx: Context,
  session: PathSession,
  user: { id: number },
  tokenVersion: number,
): Date {
  const expires = Math.floor(deps.now().getTime() / 1000) + session.seconds;
  const payload = `${user.id}.${tokenVersion}.${expires}`;
  ctx.cookies.set(session.name, `${payload}.${mac(deps, session, payload)}`, {
    httpOnly: true,
    sameSite: 'strict',
    path: session.path,
    secure: ctx.secure,
    maxAge: session.seconds * 1000,
    overwrite: true,
  });
  return new Date(expires * 1000);
}

export function endPathSession(ctx: Context, session: PathSession): void {
  ctx.cookies.set(session.name, null, {
    path: session.path,
    httpOnly: true,
    sameSite: 'strict',
    overwrite: true,
  });
}

/** The user of a valid session cookie on this request, or null (no cookie, forged, expired, revoked). */
export async function pathSessionUser(
  deps: AppDeps,
  ctx: Context,
  session: PathSession,
): Promise<AuthedUser | null> {
  const cookie = ctx.cookies.get(session.name);
  const match = cookie ? /^(\d+)\.(\d+)\.(\d+)\.([\w-]+)$/.exec(cookie) : null;
  if (!match) return null;
  const [, id, tv, expires, signature] = match;
  const expected = Buffer.from(mac(deps, session, `${id}.${tv}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 < deps.now().getTime()) return null;
  return currentUser(deps, Number(id), Number(tv));
}

function mac(deps: Pick<AppDeps, 'config'>, session: PathSession, payload: string): string {
  return createHmac('sha256', deps.config.jwtSecret)
    .update(`${session.purpose}:${payload}`)
    .digest('base64url');
}
