import { type DisplayManifest, type FeatureSet } from '@oppslag/common';
import type { Tx } from '../db/client';
import type { EntityRow } from '../presenters/entity.presenter';
export type ManifestStop = DisplayManifest['transitStops'][number];
/** Transit stops of the display and its ancestors, nearest first, one per stop id. */
export declare function chainTransitStops(tx: Tx, chain: readonly EntityRow[]): Promise<ManifestStop[]>;
export interface ManifestOptions {
  featureSet: FeatureSet;
  smsNumber: string;
  hashidAlphabet?: string;
}
/**
 * Spec §3's manifest for a display, from its chain (display first). Where the display leaves a
 * field empty — code word, display information, banner fallback text — the nearest ancestor's value
 * is used, so an organization sets them once for all its screens.
 */
export declare function buildManifest(
  chain: readonly EntityRow[],
  stops: ManifestStop[],
  opts: ManifestOptions,
): DisplayManifest;
