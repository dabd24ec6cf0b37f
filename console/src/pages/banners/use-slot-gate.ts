import type { ContentSlot } from '@oppslag/common/feature-sets.ts';
import type { Entity } from '../../api/entities.api';
import { useEntities } from '../../state/entities';
import { useCan, useIsAdmin } from '../../state/permissions';
import { slotFeatureOn } from './slot-feature';

/** Ads and the partner logo are written by superadmins only (content spec §6). */
const ADMIN_SLOTS: readonly ContentSlot[] = ['adsSmall', 'adsLarge', 'partnerLogo'];

/** Whether a slot's screen shows for this entity, and whether the user may change its content. */
export function useSlotGate(entity: Entity, slot: ContentSlot | null) {
  const { byId } = useEntities();
  const isAdmin = useIsAdmin();
  const mayModerate = useCan(entity.id, 'moderate_content');
  if (!slot) return { visible: false, editable: false };
  const adminOnly = ADMIN_SLOTS.includes(slot);
  const on = slotFeatureOn(entity, byId, slot);
  const visible = on && (!adminOnly || isAdmin);
  return { visible, editable: visible && mayModerate && (!adminOnly || isAdmin), on };
}
