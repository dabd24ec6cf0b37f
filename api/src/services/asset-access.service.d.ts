import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import type { AuthedUser } from '../middleware/auth';
import type { AssetRow } from '../presenters/asset.presenter';
/** Who is asking for an asset: a console user, or a display loading its images. */
export type AssetViewer =
  | {
      kind: 'user';
      user: AuthedUser;
    }
  | {
      kind: 'display';
      displayId: number;
    };
/**
 * Resolves the viewer from the user already authenticated by userAuth, or from a token that is a
 * user JWT or a display token. `queryToken` is the `?token=` of image URLs, which an <img> uses
 * because it cannot send headers.
 */
export declare function resolveAssetViewer(
  deps: AppDeps,
  state: {
    user?: AuthedUser;
  },
  headerToken: string | null,
  queryToken: string | null,
): Promise<AssetViewer>;
/** An asset id in a path: the numeric id or the hashid; anything else is simply not found. */
export declare function assetIdParam(value: string | undefined, hashidAlphabet?: string): number;
/** Loads an asset the viewer may see; 404 for a missing one and for one the viewer cannot see. */
export declare function loadVisibleAsset(tx: Tx, viewer: AssetViewer, assetId: number): Promise<AssetRow>;
/** Changing an asset needs moderate_content on its entity; displays only ever read. */
export declare function loadEditableAsset(tx: Tx, viewer: AssetViewer, assetId: number): Promise<AssetRow>;
