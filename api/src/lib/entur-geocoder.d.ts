import { type StopSearchResult, type TransitIcon } from '@oppslag/common';

/** A feature of Entur's geocoder answer (GeoJSON FeatureCollection, Pelias style); only used fields. */
interface GeocoderFeature {
  geometry?: {
    coordinates?: [number, number];
  };
  properties?: {
    id?: string;
    label?: string;
    name?: string;
    category?: string[];
  };
}
export declare class EnturError extends Error {
  readonly status?: number | undefined;
  constructor(message: string, status?: number | undefined);
}
/** Icons for a stop's categories in catalogue order, without duplicates. */
export declare function iconsFor(categories: readonly string[]): TransitIcon[];
/** Maps the geocoder's features to search results, dropping stops with no known icon. */
export declare function mapFeatures(features: readonly GeocoderFeature[]): StopSearchResult[];
/** Asks Entur's geocoder autocomplete for stop places (venue layer) matching `text`. */
export declare function searchStops(
  opts: {
    geocoderUrl: string;
    clientName: string;
    timeoutMs?: number;
  },
  text: string,
  size?: number,
): Promise<StopSearchResult[]>;
