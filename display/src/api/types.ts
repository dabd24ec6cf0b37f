/**
 * The player's view of the display API (ARCHITECTURE "Fixed interfaces", spec §3). The wire
 * format is parsed leniently by `normalize.ts` into these shapes, so a field the server adds or
 * renames later degrades one widget instead of blanking the screen.
 */

export type LayoutName = 'default' | 'oppslag';
export type Orientation = 0 | 1;

export interface SlotSize {
  width: number;
  height: number;
}

/** Which slots the active feature set enables, and their sizes (spec §1, §9). */
export interface FeatureSet {
  name: string;
  slots: {
    banner: SlotSize | null;
    partnerLogo: SlotSize | null;
    adsSmall: SlotSize | null;
    adsLarge: SlotSize | null;
  };
}

export interface TransitStopRef {
  stopId: string;
  label: string;
}

export interface Manifest {
  displayId: string;
  name: string;
  codeWord: string | null;
  showCodeWord: boolean;
  smsNumber: string | null;
  timeZone: string;
  displayInformation: string | null;
  layout: LayoutName;
  orientation: Orientation;
  /** Modules switched on for the display (clock, weather, transit, notes, banners, info). */
  modules: string[];
  bannerFallbackText: string | null;
  noteBoardBackgroundColor: string;
  organizationName: string | null;
  transitStops: TransitStopRef[];
  featureSet: FeatureSet;
  /** Screen language when the server sets one; otherwise the URL's `?lang=` or Norwegian. */
  language: 'no' | 'en' | null;
  /** Entity ids whose events concern this display (itself and its ancestors). */
  entityIds: number[];
}

export interface DisplayNote {
  id: number;
  entityId: number;
  /** Sanitized HTML from the API. */
  text: string;
  icon: string;
  iconColor: string;
  /** Start, epoch ms. */
  start: number;
  /** End, epoch ms, or null when open-ended. */
  end: number | null;
  sticky: boolean;
}

export interface Slide {
  id: string;
  kind: 'image' | 'text';
  imageUrl: string | null;
  /** Template text (sanitized HTML) drawn over a template image, or the fallback text. */
  html: string | null;
  fontColor: string | null;
  start: number | null;
  end: number | null;
  /** Seconds; null means the slider default. */
  duration: number | null;
}

export interface Departure {
  lineCode: string;
  frontText: string;
  /** Epoch ms. */
  departureTime: number;
  transportMode: string;
  transportSubmode: string | null;
}

export interface StopDepartures {
  stopId: string;
  label: string;
  departures: Departure[];
}

export interface WeatherDay {
  /** YYYY-MM-DD in the display's time zone. */
  date: string;
  symbolCode: string;
  temperature: number | null;
  minTemperature: number | null;
  maxTemperature: number | null;
}

export interface DisplayContent {
  notes: DisplayNote[];
  banners: Slide[];
  fallback: Slide[];
  partnerLogo: Slide[];
  adsSmall: Slide[];
  adsLarge: Slide[];
  transit: StopDepartures[];
  weather: WeatherDay[];
}

export const emptyContent = (): DisplayContent => ({
  notes: [],
  banners: [],
  fallback: [],
  partnerLogo: [],
  adsSmall: [],
  adsLarge: [],
  transit: [],
  weather: [],
});
