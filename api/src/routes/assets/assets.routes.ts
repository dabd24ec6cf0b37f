import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Router from '@koa/router';
import { assetsContract, type ContentSlot, isContentSlot } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import type { Context } from 'koa';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { mountContract } from '../../http/define-handler';
import { readSingleFileUpload } from '../../lib/multipart';
import { bearerToken } from '../../middleware/auth';
import type { DisplayState } from '../../middleware/display-auth';
import {
  endPathSession,
  type PathSession,
  pathSessionUser,
  startPathSession,
} from '../../middleware/path-session';
import { type AssetRow, presentAsset } from '../../presenters/asset.presenter';
import { authorizeEntity, getAncestry } from '../../services/access.service';
import { createAsset, storeBrowserCrop, updateAssetCrop } from '../../services/asset.service';
import {
  type AssetViewer,
  assetIdParam,
  loadEditableAsset,
  loadVisibleAsset,
  resolveAssetViewer,
} from '../../services/asset-access.service';
import { MAX_UPLOAD_BYTES, normalizeCroppedUpload, normalizeUpload } from '../../services/asset-files';
import { spendUploadVolume } from '../../services/route-limits';
import { idParam } from '../id-param';
import './assets.openapi';

/** How long an asset file cookie holds; the console opens a new one well before (5 minutes ahead). */
export const ASSET_FILE_SESSION_SECONDS = 20 * 60;
/** The console's `<img>` credential: a path session sent only to the asset routes. */
export const ASSET_FILE_SESSION: PathSession = {
  name: 'oppslag_assets',
  path: '/api/assets',
  purpose: 'asset-files',
  seconds: ASSET_FILE_SESSION_SECONDS,
};

const EXTENSION: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', pdf: 'pdf' };

/** `/api/assets`: uploads, crop parameters and the original and cropped files (content spec §7). */
export function assetsRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;
  const alphabet = deps.config.hashidAlphabet;
  const tmpRoot = join(deps.config.dataDir, 'tmp');

  /** Who asks; the file routes (`files`) also take the asset file cookie an `<img>` sends. */
  const viewer = async (ctx: Context & { state: DisplayState }, files = false): Promise<AssetViewer> => {
    const header = bearerToken(ctx.get('authorization') || undefined);
    const cookieUser =
      files && !header && !ctx.state.user ? await pathSessionUser(deps, ctx, ASSET_FILE_SESSION) : null;
    return resolveAssetViewer(deps, ctx.state, header, cookieUser);
  };
  const userOf = (v: AssetViewer) => {
    if (v.kind !== 'user') throw forbidden();
    return v.user;
  };

  /** Image responses: cacheable for as long as the cache-busting `v` names this version. */
  const sendFile = (ctx: Context, data: Buffer, mime: string, name: string) => {
    ctx.set('Content-Type', mime);
    ctx.set('Cache-Control', ctx.query.v ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // A stored PDF opened directly must not run anything in our origin.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`);
    ctx.body = data;
  };

  mountContract(router, deps, assetsContract, {
    openFileSession: async ({ ctx }) => {
      const actor = userOf(await viewer(ctx));
      const [row] = await db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, actor.id));
      if (!row) throw unauthorized();
      const expires = startPathSession(deps, ctx, ASSET_FILE_SESSION, actor, row.tv);
      return { expiresAt: expires.toISOString() };
    },

    closeFileSession: ({ ctx }) => {
      endPathSession(ctx, ASSET_FILE_SESSION);
      return {};
    },

    upload: async ({ ctx, uow }) => {
      const user = userOf(await viewer(ctx));
      const { fields, file } = await readSingleFileUpload(ctx, { maxFileSize: MAX_UPLOAD_BYTES, tmpRoot });
      if (!fields.entity) throw badRequest('Entity is required');
      const entityId = idParam(fields.entity, 'Entity');
      const slot: ContentSlot | null = fields.slot ? (isContentSlot(fields.slot) ? fields.slot : null) : null;
      if (fields.slot && !slot) throw badRequest('Unknown slot');
      const { ancestry } = await authorizeEntity(db, user, entityId, 'moderate_content');
      if (!file) throw badRequest('A file is required');
      const normalized = await normalizeUpload(file.bytes);
      // The organization's daily volume, in the bytes that would be stored.
      await spendUploadVolume(ctx, deps, ancestry, normalized.data.length);
      const storageKey = `originals/${randomUUID()}.${EXTENSION[normalized.kind]}`;
      await deps.storage.put(storageKey, normalized.data);
      let row: AssetRow;
      try {
        row = await uow(async (tx) => {
          await authorizeEntity(tx, user, entityId, 'moderate_content');
          return createAsset(tx, { entityId, name: file.name, file: normalized, storageKey, slot }, user);
        });
      } catch (err) {
        await deps.storage.delete(storageKey);
        throw err;
      }
      return { asset: presentAsset(row, alphabet) };
    },

    get: async ({ params, ctx }) => {
      const row = await loadVisibleAsset(db, await viewer(ctx), assetIdParam(params.id, alphabet));
      return { asset: presentAsset(row, alphabet) };
    },

    setCrop: async ({ params, body, ctx, uow }) => {
      const v = await viewer(ctx);
      const id = assetIdParam(params.id, alphabet);
      const row = await uow(async (tx) => {
        const asset = await loadEditableAsset(tx, v, id);
        return updateAssetCrop(tx, asset, body, deps.now());
      });
      return { asset: presentAsset(row, alphabet) };
    },

    storeCropped: async ({ params, ctx, uow }) => {
      const v = await viewer(ctx);
      const id = assetIdParam(params.id, alphabet);
      const user = userOf(v);
      const editable = await loadEditableAsset(db, v, id);
      const { file } = await readSingleFileUpload(ctx, { maxFileSize: MAX_UPLOAD_BYTES, tmpRoot });
      if (!file) throw badRequest('A file is required');
      const data = await normalizeCroppedUpload(file.bytes);
      const ancestry = (await getAncestry(db, editable.entityId)) ?? [editable.entityId];
      await spendUploadVolume(ctx, deps, ancestry, data.length);
      let writtenKey: string | null = null;
      let result: Awaited<ReturnType<typeof storeBrowserCrop>>;
      try {
        result = await uow(async (tx) => {
          const asset = await loadEditableAsset(tx, v, id);
          return storeBrowserCrop(
            tx,
            asset,
            async (key) => {
              writtenKey = key;
              await deps.storage.put(key, data);
            },
            { now: deps.now(), actorId: user.id, hashidAlphabet: alphabet },
          );
        });
      } catch (err) {
        if (writtenKey) await deps.storage.delete(writtenKey);
        throw err;
      }
      if (result.previousKey && result.previousKey !== result.row.croppedKey) {
        await deps.storage.delete(result.previousKey).catch(() => undefined);
      }
      return { asset: presentAsset(result.row, alphabet) };
    },
  });

  // The files are binary answers, mounted by hand and documented in assets.openapi.ts.
  router.get('/assets/:id/original', async (ctx) => {
    const row = await loadVisibleAsset(db, await viewer(ctx, true), assetIdParam(ctx.params.id, alphabet));
    const data = await deps.storage.get(row.storageKey);
    if (!data) throw notFound('Asset file');
    sendFile(ctx, data, row.mime, row.name);
  });

  router.get('/assets/:id/cropped', async (ctx) => {
    const row = await loadVisibleAsset(db, await viewer(ctx, true), assetIdParam(ctx.params.id, alphabet));
    const data = row.hasCropped && row.croppedKey ? await deps.storage.get(row.croppedKey) : null;
    if (!data) throw new AppError('not_found', 'The cropped image is not ready yet');
    sendFile(ctx, data, 'image/webp', row.name.replace(/\.[^.]*$/, '') + '-cropped.webp');
  });

  return router;
}
