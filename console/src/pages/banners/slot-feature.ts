import { type ContentSlot, slotSwitchedOn } from '@oppslag/common/feature-sets.ts';
import type { Entity } from '../../api/entities.api';

type Chained = Pick<Entity, 'id' | 'parentId' | 'features' | 'ancestors'>;

/**
 * Whether a content slot is on for an entity: common's slotSwitchedOn (the rule the screens obey)
 * over the entity's chain. A member's list stops at the highest entity they can read; the API
 * sends the features above it in `ancestors`.
 */
export function slotFeatureOn(entity: Chained, byId: Record<number, Chained>, slot: ContentSlot): boolean {
  const chain: { features: readonly string[] }[] = [];
  const seen = new Set<number>();
  let current: Chained | undefined = entity;
  while (current && !seen.has(current.id)) {
    chain.push(current);
    seen.add(current.id);
    const parent: Chained | undefined = current.parentId === null ? undefined : byId[current.parentId];
    if (!parent && current.ancestors) chain.push(...current.ancestors);
    current = parent;
  }
  return slotSwitchedOn(chain, slot);
}

/** `/entities/:id/ads/:size`: small or large, anything else is an unknown ad size. */
export function adSlot(size: string | undefined): ContentSlot | null {
  return size === 'small' ? 'adsSmall' : size === 'large' ? 'adsLarge' : null;
}

/** `/entities/:id/content/:contentSlotId`: banner or partnerLogo. */
export function contentSlot(id: string | undefined): ContentSlot | null {
  return id === 'banner' || id === 'partnerLogo' ? id : null;
}
