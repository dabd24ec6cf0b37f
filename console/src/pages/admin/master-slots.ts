import { type FeatureSet, offeredSlots } from '@oppslag/common/feature-sets.ts';

/** Master slots and where their content is edited on the master entity. */
export const MASTER_SLOTS = { adsSmall: 'ads/small', adsLarge: 'ads/large', template: 'templates' } as const;
export type MasterSlot = keyof typeof MASTER_SLOTS;
export const isMasterSlot = (value: string | undefined): value is MasterSlot =>
  !!value && value in MASTER_SLOTS;
/** Ad master pages exist only where the feature set offers the ad slot; templates always. */
export const masterSlotOffered = (slot: MasterSlot, set: FeatureSet) =>
  slot === 'template' || offeredSlots(set).includes(slot);
