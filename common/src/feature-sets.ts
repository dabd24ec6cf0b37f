import { FEATURE_SET_NAMES, type FeatureSetName } from './constants';
import { isOneOf } from './one-of';

/** The content slots a feature set can switch on or off (notes are always on). */
export const CONTENT_SLOTS = ['banner', 'partnerLogo', 'adsSmall', 'adsLarge'] as const;
export type ContentSlot = (typeof CONTENT_SLOTS)[number];

export interface SlotConfig {
  enabled: boolean;
  width: number;
  height: number;
}

export interface FeatureSet {
  name: FeatureSetName;
  /** The display layout named in the manifest (spec §3: default or {product}). */
  layout: 'default' | 'oppslag';
  /** The type a new banner starts in, in the banner editor and when a POST omits `type`. */
  defaultBannerType: 'banner-asset' | 'banner-template';
  slots: Record<ContentSlot, SlotConfig>;
}

/** Slot sizes of content spec §9; the banner slot is 1080x1080 in this product's own set. */
const AD_LARGE = { width: 590, height: 630 };
const AD_SMALL = { width: 480, height: 175 };
const PARTNER_LOGO = { width: 536, height: 80 };
export const TEMPLATE_SIZE = { width: 480, height: 895 };

export const FEATURE_SETS: Record<FeatureSetName, FeatureSet> = {
  styretavla: {
    name: 'styretavla',
    layout: 'default',
    defaultBannerType: 'banner-template',
    slots: {
      banner: { enabled: true, width: 480, height: 895 },
      // "The partner logo is disabled by default outside {product}" (spec §1).
      partnerLogo: { enabled: false, ...PARTNER_LOGO },
      adsSmall: { enabled: true, ...AD_SMALL },
      adsLarge: { enabled: true, ...AD_LARGE },
    },
  },
  oppslag: {
    name: 'oppslag',
    layout: 'oppslag',
    defaultBannerType: 'banner-asset',
    slots: {
      banner: { enabled: true, width: 1080, height: 1080 },
      partnerLogo: { enabled: true, ...PARTNER_LOGO },
      adsSmall: { enabled: false, ...AD_SMALL },
      adsLarge: { enabled: false, ...AD_LARGE },
    },
  },
};

/** Resolves a FEATURE_SET value; a misconfigured name stops start-up with this error (spec §1). */
export function resolveFeatureSet(name: string | undefined): FeatureSet {
  if (!isOneOf(FEATURE_SET_NAMES, name)) {
    throw new Error(`Unknown FEATURE_SET "${name ?? ''}": expected one of ${FEATURE_SET_NAMES.join(', ')}`);
  }
  return FEATURE_SETS[name];
}

/**
 * The special features an entity may switch on under a feature set: the slots the set enables.
 * The console offers only these and the API refuses the others (an ad slot in the oppslag set
 * would give tabs and master pages that can only fail).
 */
export const offeredSlots = (set: FeatureSet): ContentSlot[] =>
  CONTENT_SLOTS.filter((s) => set.slots[s].enabled);

export const isContentSlot = (value: string): value is ContentSlot => isOneOf(CONTENT_SLOTS, value);

/**
 * The per-entity switch (the special features card): a content slot is on for an entity when the
 * entity or one of its ancestors switched it on ("this entity and everything under it"). The one
 * rule for what a screen shows (api display content) and what the console offers (its tabs and
 * slot pages), so the two cannot disagree. `chain` is the entity and its ancestors, in any order.
 */
export const slotSwitchedOn = (
  chain: readonly { features: readonly string[] }[],
  slot: ContentSlot,
): boolean => chain.some((entity) => entity.features.includes(slot));
