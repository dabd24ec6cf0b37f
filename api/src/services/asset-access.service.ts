import { permissionsOn } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { assets, entities, users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { AppError, forbidden, notFound, unauthorized } from '../errors';
import { decodeAssetId } from '../lib/hashids';
import type { AuthedUser } from '../middleware/auth';
import type { AssetRow } from '../presenters/asset.presenter';
import { authorizeEntity, getAncestry, getGrants } from './access.service';

/** Who is asking for an asset: a console user, or a display loading its images. */
export type AssetViewer = { kind: 'user'; user: AuthedUser } | { kind: 'display'; displayId: number };

const tokenInvalid = () => new AppError('token_invalid', 'Invalid or expired token');

/** A user token checked like userAuth does: the user must exist and the token version must match. */
async function userFromToken(deps: AppDeps, token: string): Promise<AuthedUser | null> {
  const claims = await deps.tokens.verifyUser(token);
  if (!claims) return null;
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, claims.user.id));
  if (!row || row.tokenVersion !== claims.tv) return null;
  return { id: row.id, admin: row.admin, email: row.email, name: row.name, language: row.language };
}

/** A display token checked like displayAuth does: a live display whose API key was not regenerated. */
async function displayFromToken(deps: AppDeps, token: string): Promise<number | null> {
  const claims = await deps.tokens.verifyDisplay(token);
  if (!claims) return null;
  const [row] = await deps.database.db
    .select({ id: entities.id, type: entities.type, deleted: entities.deleted, kv: entities.apiKeyVersion })
    .from(entities)
    .where(eq(entities.id, claims.entityId));
  return row && !row.deleted && row.type === 'display' && row.kv === claims.kv ? row.id : null;
}

/**
 * Resolves the viewer from the user already authenticated by userAuth, or from a header token
 * that is a user JWT or a display token, or else from the user of the asset file cookie
 * (`cookieUser`, see assets.routes.ts), with which an `<img>` loads the files. No token is ever
 * read from the URL (issue 14 item 6).
 */
export async function resolveAssetViewer(
  deps: AppDeps,
  state: { user?: AuthedUser },
  headerToken: string | null,
  cookieUser: AuthedUser | null = null,
): Promise<AssetViewer> {
  if (state.user) return { kind: 'user', user: state.user };
  if (!headerToken) {
    if (cookieUser) return { kind: 'user', user: cookieUser };
    throw unauthorized();
  }
  const user = await userFromToken(deps, headerToken);
  if (user) return { kind: 'user', user };
  const displayId = await displayFromToken(deps, headerToken);
  if (displayId) return { kind: 'display', displayId };
  throw tokenInvalid();
}

/** An asset id in a path: the numeric id or the hashid; anything else is simply not found. */
export function assetIdParam(value: string | undefined, hashidAlphabet?: string): number {
  const text = value ?? '';
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    if (id > 0 && id <= 2147483647) return id;
  }
  const decoded = decodeAssetId(text, hashidAlphabet);
  if (decoded && decoded > 0 && decoded <= 2147483647) return decoded;
  throw notFound('Asset');
}

/**
 * Whether a user may see assets of an entity: read access on it, or the entity is an ancestor of
 * one the user works on, since inherited and master banners show in that user's console.
 */
async function userCanSee(tx: Tx, user: AuthedUser, entityId: number): Promise<boolean> {
  const ancestry = await getAncestry(tx, entityId);
  if (!ancestry) return false;
  if (user.admin) return true;
  const grants = await getGrants(tx, user.id);
  if (permissionsOn(user, grants, ancestry).includes('read')) return true;
  for (const grant of grants) {
    const chain = await getAncestry(tx, grant.entityId);
    if (chain?.includes(entityId)) return true;
  }
  return false;
}

/** Loads an asset the viewer may see; 404 for a missing one and for one the viewer cannot see. */
export async function loadVisibleAsset(tx: Tx, viewer: AssetViewer, assetId: number): Promise<AssetRow> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, assetId));
  if (!row) throw notFound('Asset');
  const visible =
    viewer.kind === 'user'
      ? await userCanSee(tx, viewer.user, row.entityId)
      : ((await getAncestry(tx, viewer.displayId))?.includes(row.entityId) ?? false);
  if (!visible) throw notFound('Asset');
  return row;
}

/** Changing an asset needs moderate_content on its entity; displays only ever read. */
export async function loadEditableAsset(tx: Tx, viewer: AssetViewer, assetId: number): Promise<AssetRow> {
  const row = await loadVisibleAsset(tx, viewer, assetId);
  if (viewer.kind !== 'user') throw forbidden();
  try {
    await authorizeEntity(tx, viewer.user, row.entityId, 'moderate_content');
  } catch (err) {
    // Seen through inheritance but not readable itself: visible, so not allowed rather than missing.
    if (err instanceof AppError && err.status === 404) throw forbidden();
    throw err;
  }
  return row;
}
