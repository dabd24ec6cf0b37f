import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import type { Entity } from '../../api/entities.api';

/**
 * A content slot is on for an entity when it or an ancestor switched the special feature on
 * (the special features card switches "this entity and everything under it").
 */
export function slotFeatureOn(
  entity: Pick<Entity, 'id' | 'parentId' | 'features'>,
  byId: Record<number, Pick<Entity, 'id' | 'parentId' | 'features'>>,
  slot: ContentSlot,
): boolean {
  const seen = new Set<number>();
  let current: Pick<Entity, 'id' | 'parentId' | 'features'> | undefined = entity;
  while (current && !seen.has(current.id)) {
    if (current.features.includes(slot)) return true;
    seen.add(current.id);
    current = current.parentId === null ? undefined : byId[current.parentId];
  }
  return false;
}

/** `/entities/:id/ads/:size`: small or large, anything else is an unknown ad size. */
export function adSlot(size: string | undefined): ContentSlot | null {
  return size === 'small' ? 'adsSmall' : size === 'large' ? 'adsLarge' : null;
}

/** `/entities/:id/content/:contentSlotId`: banner or partnerLogo. */
export function contentSlot(id: string | undefined): ContentSlot | null {
  return id === 'banner' || id === 'partnerLogo' ? id : null;
}
