import type { Actor, Grant, Role } from '@oppslag/common';
import { type SQL, sql } from 'drizzle-orm';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import type { UserClaims } from '../lib/tokens';
import { VerifiedTokens } from '../lib/verified-tokens';
import { entityTableVersionOf, entityTableVersionSql } from '../services/entity-tree.service';

export interface AuthedUser extends Actor {
  email: string;
  name: string | null;
  language: string;
}

export interface ApiState {
  user?: AuthedUser;
  /**
   * The signed-in user's grants, read in the same statement as the user row (so still once per
   * request: a grant taken away counts from the next request on). Absent without a user.
   */
  grants?: readonly Grant[];
  /**
   * The `entities` table version (entity-tree.service.ts), read in that same statement for the
   * GETs answered from the entity tree snapshot (TREE_READS), so such a request costs one round trip.
   */
  entityTableVersion?: string;
}

/**
 * GETs answered from the entity tree snapshot: for these the user statement also reads the tree's
 * version. Only reads: an answer after a write (DELETE answers the list) must read the version
 * after its own write, so it reads it itself.
 */
const TREE_READS = new Set(['/api/entities', '/api/admin/displays']);

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
      const withTree = ctx.method === 'GET' && TREE_READS.has(ctx.path);
      const session = claims ? await readSession(deps, claims.user.id, claims.tv, withTree) : null;
      if (!session) throw new AppError(401, 'token_invalid', 'Invalid or expired token');
      ctx.state.user = session.user;
      ctx.state.grants = session.grants;
      if (withTree) ctx.state.entityTableVersion = session.entityTableVersion;
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
  return (await readSession(deps, id, tokenVersion, false))?.user ?? null;
}

interface SessionRow {
  id: number;
  admin: boolean;
  email: string;
  name: string | null;
  language: string;
  token_version: number;
  /** `entityId:role,…` (text: cheaper to read than json, and the ids and roles need no escaping). */
  grants: string | null;
  n?: number;
  a?: string;
  b?: string;
}

/**
 * The user row and the user's grants in one statement, plus the entity table's version when
 * `withTree` (a cross join with the one version query, entityTableVersionSql): a console request
 * used to make three round trips (user, grants, version) before it could answer from the snapshot.
 * Plain SQL rather than the query builder: it runs on every console request.
 */
export async function readSession(
  deps: AppDeps,
  id: number,
  tokenVersion: number,
  withTree: boolean,
): Promise<{ user: AuthedUser; grants: Grant[]; entityTableVersion?: string } | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) return null;
  const tree: SQL = withTree ? sql`, v.n, v.a, v.b` : sql``;
  const join: SQL = withTree ? sql` cross join (${entityTableVersionSql}) v` : sql``;
  const result = await deps.database.db.execute(sql`
    select u.id, u.admin, u.email, u.name, u.language, u.token_version,
      (select string_agg(p.entity_id || ':' || p.role, ',') from permissions p where p.user_id = u.id) as grants${tree}
    from users u${join} where u.id = ${id}`);
  const [row] = ((result as unknown as { rows?: SessionRow[] }).rows ?? result) as SessionRow[];
  if (!row || row.token_version !== tokenVersion) return null;
  const grants: Grant[] = [];
  for (const g of row.grants ? row.grants.split(',') : []) {
    const at = g.indexOf(':');
    grants.push({ entityId: Number(g.slice(0, at)), role: g.slice(at + 1) as Role });
  }
  return {
    user: { id: row.id, admin: row.admin, email: row.email, name: row.name, language: row.language },
    grants,
    entityTableVersion: withTree ? entityTableVersionOf(row as Required<SessionRow>) : undefined,
  };
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
