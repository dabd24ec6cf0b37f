import { type Actor, type Grant, ROLES } from '@oppslag/common';
import { expectOneOf } from '@oppslag/common/one-of.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { Middleware } from 'koa';
import { rowsOf } from '../db/rows';
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
      if (!session) throw new AppError('token_invalid', 'Invalid or expired token');
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

/** What a request knows of its user: the row, the grants, and the tree version when asked for. */
export interface Session {
  user: AuthedUser;
  grants: Grant[];
  entityTableVersion?: string;
}

interface Waiting {
  id: number;
  tokenVersion: number;
  withTree: boolean;
  resolve: (session: Session | null) => void;
  reject: (err: unknown) => void;
}

/**
 * The user rows and grants of every request that arrived in one turn of the event loop, read by
 * one statement (`readSessions`): a round trip to PostgreSQL cost more CPU than the rest of a kept
 * answer (socket writes that wake the server, docs/performance.md), and under load dozens of
 * console requests arrive together. Each request's read still starts after it arrived and before
 * it is answered, so a grant taken away or a password change counts for every request that comes
 * after it, exactly as with a read of its own. One batcher per database handle.
 */
const batches = new WeakMap<object, Waiting[]>();

export function readSession(
  deps: AppDeps,
  id: number,
  tokenVersion: number,
  withTree: boolean,
): Promise<Session | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) return Promise.resolve(null);
  const db = deps.database.db;
  return new Promise((resolve, reject) => {
    let waiting = batches.get(db);
    if (!waiting) {
      const batch: Waiting[] = [];
      waiting = batch;
      batches.set(db, batch);
      // After this turn's I/O callbacks: every request read from the sockets in it joins the batch.
      setImmediate(() => {
        batches.delete(db);
        readSessions(deps, batch).catch((err) => {
          for (const w of batch) w.reject(err);
        });
      });
    }
    waiting.push({ id, tokenVersion, withTree, resolve, reject });
  });
}

/**
 * The user row and the user's grants in one statement for all the waiting requests, plus the
 * entity table's version when any of them answers from the tree (a cross join with the one
 * version query, entityTableVersionSql): a console request used to make three round trips (user,
 * grants, version) before it could answer from the snapshot. Plain SQL rather than the query
 * builder: it runs on every console request.
 */
async function readSessions(deps: AppDeps, waiting: Waiting[]): Promise<void> {
  const withTree = waiting.some((w) => w.withTree);
  const ids = `{${[...new Set(waiting.map((w) => w.id))].join(',')}}`;
  const tree: SQL = withTree ? sql`, v.n, v.a, v.b` : sql``;
  const join: SQL = withTree ? sql` cross join (${entityTableVersionSql}) v` : sql``;
  const result = await deps.database.db.execute(sql`
    select u.id, u.admin, u.email, u.name, u.language, u.token_version,
      (select string_agg(p.entity_id || ':' || p.role, ',') from permissions p where p.user_id = u.id) as grants${tree}
    from users u${join} where u.id = any(${ids}::int[])`);
  const rows = rowsOf<SessionRow>(result);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const w of waiting) {
    const row = byId.get(w.id);
    if (!row || row.token_version !== w.tokenVersion) {
      w.resolve(null);
      continue;
    }
    // Each request gets its own objects: handlers may keep or change what they were given.
    const grants: Grant[] = [];
    for (const g of row.grants ? row.grants.split(',') : []) {
      const at = g.indexOf(':');
      grants.push({
        entityId: Number(g.slice(0, at)),
        role: expectOneOf(ROLES, g.slice(at + 1), 'a granted role'),
      });
    }
    w.resolve({
      user: { id: row.id, admin: row.admin, email: row.email, name: row.name, language: row.language },
      grants,
      entityTableVersion:
        w.withTree && row.n !== undefined && row.a !== undefined && row.b !== undefined
          ? entityTableVersionOf({ n: row.n, a: row.a, b: row.b })
          : undefined,
    });
  }
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
