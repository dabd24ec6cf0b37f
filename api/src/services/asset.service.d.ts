import type { ContentSlot, UpdateAssetCropInput } from '@oppslag/common';
import type { Tx } from '../db/client';
import { type AssetRow } from '../presenters/asset.presenter';
import type { NormalizedFile } from './asset-files';
/**
 * Inserts an uploaded asset whose file is already stored under `storageKey`. It starts at crop
 * version 1 with the default crop (page 1, scale 1, centred) so it gets a rendition at once.
 */
export declare function createAsset(
  tx: Tx,
  input: {
    entityId: number;
    name: string;
    file: NormalizedFile;
    storageKey: string;
    slot: ContentSlot | null;
  },
  actor: {
    id: number;
  },
): Promise<AssetRow>;
/** Stores new crop parameters and bumps the crop version; the caller queues the render after commit. */
export declare function updateAssetCrop(
  tx: Tx,
  asset: AssetRow,
  input: UpdateAssetCropInput,
  now: Date,
): Promise<AssetRow>;
/**
 * Makes a crop the browser rendered the asset's cropped rendition. It takes a crop version of its
 * own, so a server render of older parameters still in flight can no longer replace it. `store`
 * writes the file under the given key inside the transaction, before the row points at it.
 */
export declare function storeBrowserCrop(
  tx: Tx,
  asset: AssetRow,
  store: (key: string) => Promise<void>,
  opts: {
    now: Date;
    actorId: number;
    hashidAlphabet?: string;
  },
): Promise<{
  row: AssetRow;
  previousKey: string | null;
}>;
