import { describe, expect, it } from 'vitest';
import { adSlot, contentSlot, slotFeatureOn } from './slot-feature';

describe('slot features', () => {
  const byId = {
    1: { id: 1, parentId: null, features: [] },
    2: { id: 2, parentId: 1, features: ['banner'] },
    3: { id: 3, parentId: 2, features: [] },
  };
  it('is on when the entity or an ancestor switched it on', () => {
    expect(slotFeatureOn(byId[3], byId, 'banner')).toBe(true);
    expect(slotFeatureOn(byId[3], byId, 'adsSmall')).toBe(false);
    expect(slotFeatureOn(byId[1], byId, 'banner')).toBe(false);
  });
  it("is on below a member's highest entity when the chain above it switched it on", () => {
    // A group administrator's list holds the group, not the organization that has the banner.
    const member = {
      5: { id: 5, parentId: 2, features: [], ancestors: [{ id: 2, name: 'Org', features: ['banner'] }] },
      6: { id: 6, parentId: 5, features: [] },
    };
    expect(slotFeatureOn(member[6], member, 'banner')).toBe(true);
    expect(slotFeatureOn(member[5], member, 'partnerLogo')).toBe(false);
  });
  it('maps route parameters to slots', () => {
    expect(adSlot('small')).toBe('adsSmall');
    expect(adSlot('large')).toBe('adsLarge');
    expect(adSlot('medium')).toBeNull();
    expect(contentSlot('partnerLogo')).toBe('partnerLogo');
    expect(contentSlot('adsSmall')).toBeNull();
  });
});
