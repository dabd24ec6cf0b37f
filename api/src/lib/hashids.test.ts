import { describe, expect, it } from 'vitest';
import { decodeAssetId, decodeDisplayId, encodeAssetId, encodeDisplayId } from './hashids';

describe('hashids', () => {
  it('encodes display ids with at least 10 and asset ids with at least 20 characters, and decodes them back', () => {
    for (const id of [1, 2, 42, 2147483647]) {
      const display = encodeDisplayId(id);
      const asset = encodeAssetId(id);
      expect(display.length).toBeGreaterThanOrEqual(10);
      expect(asset.length).toBeGreaterThanOrEqual(20);
      expect(decodeDisplayId(display)).toBe(id);
      expect(decodeAssetId(asset)).toBe(id);
    }
    expect(encodeDisplayId(1)).not.toBe(encodeDisplayId(2));
  });

  it('uses the configured alphabet', () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz';
    const hash = encodeDisplayId(7, alphabet);
    expect(hash).toMatch(/^[a-z]+$/);
    expect(decodeDisplayId(hash, alphabet)).toBe(7);
  });

  it('rejects garbage and non-canonical spellings', () => {
    expect(decodeDisplayId('')).toBeNull();
    expect(decodeDisplayId('!!!!!!!!!!')).toBeNull();
    expect(decodeDisplayId('x'.repeat(100))).toBeNull();
    const hash = encodeDisplayId(5);
    // The asset variant of the same id is a different spelling and must not decode as a display id.
    expect(decodeDisplayId(encodeAssetId(5))).toBeNull();
    expect(decodeDisplayId(`${hash}a`)).not.toBe(5);
  });
});
