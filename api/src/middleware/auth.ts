import type { Actor } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import type { Middleware } from 'koa';
import { users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import type { UserClaims } from '../lib/tokens';
import { VerifiedTokens } from '../lib/verified-tokens';

export interface AuthedUser extends Actor {
  email: string;
  name: string | null;
  language: string;
}

export interface ApiState {
  user?: AuthedUser;
}

/** Paths under this prefix authenticate displays, not console users. */
export const DISPLAY_API_PREFIX = '/api/display/';

/** Asset files are loaded by consoles and by displays, so these paths accept either token. */
export const ASSET_API_PREFIX = '/api/assets/';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Resolves the console user from the bearer JWT when one is sent. The user row is read on every
 * request so a deleted user, or a token from before a password change, stops working at once.
 */
export function userAuth(deps: AppDeps): Middleware<ApiState> {
  // Only the signature check is remembered (lib/verified-tokens.ts); the user row is read every time.
  const verified = new VerifiedTokens<UserClaims>();
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization') || undefined);
    // Display routes carry a display token, checked by their own middleware (display-auth.ts);
    // asset routes take a user or a display token and resolve it themselves (asset-access.service.ts).
    if (token && !ctx.path.startsWith(DISPLAY_API_PREFIX) && !ctx.path.startsWith(ASSET_API_PREFIX)) {
      const claims = await verified.verify(token, deps.now().getTime(), (t) => deps.tokens.verifyUser(t));
      const user = claims ? await currentUser(deps, claims.user.id, claims.tv) : null;
      if (!user) throw new AppError(401, 'token_invalid', 'Invalid or expired token');
      ctx.state.user = user;
    }
    await next();
  };
}

/** The user behind a credential, or null when deleted or the credential predates a password change. */
export async function currentUser(
  deps: AppDeps,
  id: number,
  tokenVersion: number,
): Promise<AuthedUser | null> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, id));
  if (!row || row.tokenVersion !== tokenVersion) return null;
  return { id: row.id, admin: row.admin, email: row.email, name: row.name, language: row.language };
}

/** Route guard: the request must carry a valid user token. */
export const requireUser: Middleware<ApiState> = async (ctx, next) => {
  if (!ctx.state.user) throw unauthorized();
  await next();
};

/** The signed-in user of a guarded route. */
export function actorOf(ctx: { state: ApiState }): AuthedUser {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}
