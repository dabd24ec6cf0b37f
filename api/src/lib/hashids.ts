import { ASSET_HASHID_MIN_LENGTH, DISPLAY_HASHID_MIN_LENGTH } from '@oppslag/common';
import Sqids from 'sqids';

const DEFAULT_KEY = '';
const cache = new Map<string, Sqids>();

/** One Sqids instance per (alphabet, length); building one shuffles the alphabet, so they are reused. */
function sqids(minLength: number, alphabet?: string): Sqids {
  const key = `${minLength}:${alphabet ?? DEFAULT_KEY}`;
  let instance = cache.get(key);
  if (!instance) {
    instance = new Sqids(alphabet ? { alphabet, minLength } : { minLength });
    cache.set(key, instance);
  }
  return instance;
}

/**
 * Encoded ids, memoized: Sqids checks every candidate against its blocklist, which costs about half
 * a millisecond per id, and an entity list presents hundreds of displays per request. Ids never
 * change, so the cache is only bounded, never invalidated.
 */
const encoded = new Map<string, string>();
const ENCODED_MAX = 100_000;

function encode(id: number, minLength: number, alphabet?: string): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Cannot encode id ${id}`);
  const key = `${minLength}:${alphabet ?? DEFAULT_KEY}:${id}`;
  let hash = encoded.get(key);
  if (hash === undefined) {
    hash = sqids(minLength, alphabet).encode([id]);
    if (encoded.size >= ENCODED_MAX) encoded.clear();
    encoded.set(key, hash);
  }
  return hash;
}

/**
 * Sqids decodes many strings to numbers, including non-canonical spellings of the same id; only the
 * canonical form (the one that re-encodes to itself) is accepted, so one id has exactly one hashid.
 */
function decode(hash: string, minLength: number, alphabet?: string): number | null {
  if (typeof hash !== 'string' || hash.length === 0 || hash.length > 64) return null;
  const s = sqids(minLength, alphabet);
  let numbers: number[];
  try {
    numbers = s.decode(hash);
  } catch {
    return null;
  }
  if (numbers.length !== 1 || !Number.isSafeInteger(numbers[0])) return null;
  return encode(numbers[0], minLength, alphabet) === hash ? numbers[0] : null;
}

/** The public id of a display entity (spec: hashid, min length 10). `alphabet` is config.hashidAlphabet. */
export const encodeDisplayId = (entityId: number, alphabet?: string) =>
  encode(entityId, DISPLAY_HASHID_MIN_LENGTH, alphabet);
export const decodeDisplayId = (displayId: string, alphabet?: string) =>
  decode(displayId, DISPLAY_HASHID_MIN_LENGTH, alphabet);

/** The public id of an asset (min length 20). */
export const encodeAssetId = (assetId: number, alphabet?: string) =>
  encode(assetId, ASSET_HASHID_MIN_LENGTH, alphabet);
export const decodeAssetId = (hash: string, alphabet?: string) =>
  decode(hash, ASSET_HASHID_MIN_LENGTH, alphabet);
