import { type FeatureSet } from '@oppslag/common';
import type { Redis } from 'ioredis';
import type { Db, Tx } from '../db/client';
import { type ChainEntity } from './display-queries';
import { type MasterScope } from './master.service';
export interface BuiltContent {
  body: string;
  etag: string;
  /** When the payload changes by time alone (a note or slide starts or ends); null if never. */
  changesAt: number | null;
}
/** A strong validator: the same bytes give the same tag. */
export declare const etagOf: (body: string) => string;
/**
 * Merges the departures the worker cached per entity along the chain (stops may be attached to the
 * display or to any ancestor, as the manifest lists them): nearest entity first, each stop once.
 */
export declare function mergeTransit(displayId: number, cached: readonly (string | null)[]): string | null;
/** Reads the latest departures (along the chain) and forecast (per organization) the worker cached. */
export declare function readLiveData(
  redis: Redis,
  prefix: string,
  chain: readonly ChainEntity[],
): Promise<{
  transit: string | null;
  weather: string | null;
}>;
/**
 * Everything a display shows, from its chain (display first): approved notes that are active or
 * upcoming, approved slides that are active or upcoming (own, inherited, and the master's ads where
 * the feature set enables them), the fallback, and cached transit and weather. Three queries: the
 * chain is already loaded; notes and contents are read for all ancestor ids at once.
 */
export declare function buildDisplayContent(
  db: Db,
  chain: readonly ChainEntity[],
  live: {
    transit: string | null;
    weather: string | null;
  },
  opts: {
    featureSet: FeatureSet;
    now: Date;
    master: MasterScope | null;
  },
): Promise<BuiltContent>;
export declare function cachedMasterScope(tx: Tx, cacheKey: object): Promise<MasterScope | null>;
/**
 * The last ETag built for each display, with the version it was built at and the instant it stops
 * holding by time alone. It lets an unchanged display get its 304 from one query instead of a
 * rebuild; bodies are not kept, since a full answer is only wanted when something changed.
 */
export declare class EtagMemo {
  private readonly max;
  private readonly entries;
  constructor(max?: number);
  /** The remembered ETag when the display is still at `key` and no note or slide has switched since. */
  get(displayId: number, key: string, now: number): string | null;
  set(displayId: number, key: string, built: BuiltContent): void;
}
/** The memo key: the chain's version plus the cached live data it was built with. */
export declare const memoKey: (
  version: string,
  live: {
    transit: string | null;
    weather: string | null;
  },
) => string;
