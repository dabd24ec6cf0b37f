import type { RouteResponse } from '@oppslag/common/contract/define-route.ts';
import type { displayContract } from '@oppslag/common/contract/display.contract.ts';
import type { ScheduleLike } from '@oppslag/common/schedule.ts';

/**
 * The player's types. What the API answers is the contract's (`displayContract` in
 * @oppslag/common), checked when it arrives (`client.ts`). The manifest is used as it comes; the
 * content is turned by `view.ts` into what the widgets draw: instants as epoch ms (the note and
 * slide timers compare numbers every second) and slides with their image and text resolved.
 */
export type Manifest = RouteResponse<typeof displayContract.manifest>;
export type ContentAnswer = RouteResponse<typeof displayContract.content>;

type WireNote = ContentAnswer['notes'][number];
type WireStop = NonNullable<ContentAnswer['transit']>['stops'][number];
type WireDay = NonNullable<ContentAnswer['weather']>['days'][number];

export type LayoutName = Manifest['layout'];
export type SlotSize = Pick<Manifest['featureSet']['slots']['banner'], 'width' | 'height'>;

/** A note on the board: the contract's note with `date`/`end` as epoch ms (`start` is the spec's `date`). */
export type DisplayNote = Omit<WireNote, 'date' | 'end' | 'state'> & { start: number; end: number | null };

/** What one slide draws: an image (asset or template artwork), template text over it, or plain text. */
export interface Slide {
  id: string;
  kind: 'image' | 'text';
  imageUrl: string | null;
  /** Template text (sanitized HTML) drawn over a template image, or the fallback text. */
  html: string | null;
  fontColor: string | null;
  start: number | null;
  end: number | null;
  /** Repeating window inside start..end (common/schedule.ts); null or absent = the whole period. */
  schedule?: ScheduleLike | null;
  /** Seconds; null means the slider default. */
  duration: number | null;
}

export type Departure = Omit<WireStop['departures'][number], 'departureTime'> & {
  /** Epoch ms. */
  departureTime: number;
};
export type StopDepartures = Pick<WireStop, 'stopId' | 'label'> & { departures: Departure[] };
/** A forecast day the widget can draw (one without a symbol is left out). */
export type WeatherDay = WireDay & { symbolCode: string };

/** What the screen shows, per part of the content answer. */
export interface DisplayContent {
  notes: DisplayNote[];
  banners: Slide[];
  fallback: Slide[];
  partnerLogo: Slide[];
  adsSmall: Slide[];
  adsLarge: Slide[];
  transit: StopDepartures[];
  /** When the worker last polled the departures (epoch ms); null when unknown. */
  transitUpdatedAt: number | null;
  weather: WeatherDay[];
  /** When the worker last read the forecast from MET (epoch ms); null when unknown. */
  weatherUpdatedAt: number | null;
  /** Emergency alerts in force (newest first); the first one takes over the screen. */
  alerts: ContentAnswer['alerts'];
  /** Until when (epoch ms) the all-clear card shows after an alert was cleared; null when not. */
  allClearUntil: number | null;
}

export const emptyContent = (): DisplayContent => ({
  notes: [],
  banners: [],
  fallback: [],
  partnerLogo: [],
  adsSmall: [],
  adsLarge: [],
  transit: [],
  transitUpdatedAt: null,
  weather: [],
  weatherUpdatedAt: null,
  alerts: [],
  allClearUntil: null,
});
