import { describe, expect, it } from 'vitest';
import { FEATURE_SETS, isContentSlot, resolveFeatureSet } from './feature-sets';

describe('feature sets', () => {
  it('styretavla enables the ads and the banner, not the partner logo', () => {
    const set = resolveFeatureSet('styretavla');
    expect(set.slots.adsSmall).toEqual({ enabled: true, width: 480, height: 175 });
    expect(set.slots.adsLarge).toEqual({ enabled: true, width: 590, height: 630 });
    expect(set.slots.banner).toEqual({ enabled: true, width: 480, height: 895 });
    expect(set.slots.partnerLogo.enabled).toBe(false);
    expect(set.layout).toBe('default');
    expect(set.defaultBannerType).toBe('banner-template');
  });

  it('oppslag disables the ads, enables the partner logo and uses a square banner started as an asset', () => {
    const set = resolveFeatureSet('oppslag');
    expect(set.slots.adsSmall.enabled).toBe(false);
    expect(set.slots.adsLarge.enabled).toBe(false);
    expect(set.slots.partnerLogo).toEqual({ enabled: true, width: 536, height: 80 });
    expect(set.slots.banner).toEqual({ enabled: true, width: 1080, height: 1080 });
    expect(set.defaultBannerType).toBe('banner-asset');
    expect(set.layout).toBe('oppslag');
  });

  it('an unknown name is an error naming the accepted values', () => {
    expect(() => resolveFeatureSet('signage')).toThrow(
      'Unknown FEATURE_SET "signage": expected one of styretavla, oppslag',
    );
    expect(() => resolveFeatureSet(undefined)).toThrow(/Unknown FEATURE_SET/);
    expect(() => resolveFeatureSet('toString')).toThrow(/Unknown FEATURE_SET/);
  });

  it('recognizes slot names', () => {
    expect(Object.keys(FEATURE_SETS.oppslag.slots).every(isContentSlot)).toBe(true);
    expect(isContentSlot('note')).toBe(false);
  });
});
