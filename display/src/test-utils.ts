import { DISPLAY_MODULES } from '@oppslag/common/display-modules.ts';
import { FEATURE_SETS } from '@oppslag/common/feature-sets.ts';
import type { ContentAnswer, DisplayNote, Manifest, Slide } from './api/types';

/** Fixed "now" for display tests: Saturday 21 November 2026, 12:00 UTC (13:00 in Oslo). */
export const NOW = Date.parse('2026-11-21T12:00:00Z');

export const note = (id: number, patch: Partial<DisplayNote> = {}): DisplayNote => ({
  id,
  entityId: 1,
  text: `<p>Note ${id}</p>`,
  icon: 'information',
  iconColor: '#019939',
  start: NOW - id * 60_000,
  end: null,
  sticky: false,
  ...patch,
});

export const slide = (id: string, patch: Partial<Slide> = {}): Slide => ({
  id,
  kind: 'image',
  imageUrl: `data:image/png;base64,${id}`,
  html: null,
  fontColor: null,
  start: null,
  end: null,
  duration: null,
  ...patch,
});

/**
 * A manifest as the API answers it (the contract's shape, so the client's check passes), with the
 * slots of the feature set that goes with the layout.
 */
export function wireManifest(patch: Partial<Manifest> = {}): Manifest {
  const layout = patch.layout ?? 'default';
  const featureSet = FEATURE_SETS[layout === 'oppslag' ? 'oppslag' : 'styretavla'];
  return {
    displayId: 'abcdefghij',
    entityId: 7,
    name: 'Oppgang A',
    codeWord: null,
    showCodeWord: true,
    smsNumber: '',
    timeZone: 'Europe/Oslo',
    displayInformation: null,
    layout,
    orientation: 0,
    modules: DISPLAY_MODULES.map((name) => ({ name })),
    fallback: null,
    display: {
      id: 7,
      name: 'Oppgang A',
      noteBoardBackgroundColor: '#e0d6d0',
      bannerFallbackText: null,
      orientation: 0,
      largePrint: false,
    },
    organization: null,
    transitStops: [],
    quietHours: null,
    featureSet: { name: featureSet.name, slots: featureSet.slots },
    ...patch,
  };
}

/** A content answer as the API gives it, empty unless patched. */
export const wireContent = (patch: Partial<ContentAnswer> = {}): ContentAnswer => ({
  notes: [],
  banners: [],
  fallback: [],
  partnerLogo: [],
  adsSmall: [],
  adsLarge: [],
  transit: null,
  weather: null,
  alerts: [],
  ...patch,
});

/** A note of the content answer, started a second before NOW. */
export const wireNote = (id: number, text = `note ${id}`): ContentAnswer['notes'][number] => ({
  id,
  entityId: 7,
  text,
  icon: 'information',
  iconColor: '#019939',
  date: new Date(NOW - 1000).toISOString(),
  end: null,
  sticky: false,
  state: 'active',
});
