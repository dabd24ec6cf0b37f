import type { Asset } from '@oppslag/common';
import type { assets } from '../db/schema/index';
export type AssetRow = typeof assets.$inferSelect;
/** Storage key of the cropped rendition for one crop version (worker renders and browser crops alike). */
export declare const croppedKeyFor: (assetId: number, cropVersion: number) => string;
/** The only way an asset row leaves the API; URLs are relative to the API base and cache-busted. */
export declare function presentAsset(row: AssetRow, hashidAlphabet?: string): Asset;
