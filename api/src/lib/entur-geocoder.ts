import { type StopSearchResult, TRANSIT_CATEGORY_ICONS, type TransitIcon } from '@oppslag/common';
import { messageOf } from '@oppslag/common/thrown.ts';

/** A feature of Entur's geocoder answer (GeoJSON FeatureCollection, Pelias style); only used fields. */
interface GeocoderFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: { id?: string; label?: string; name?: string; category?: string[] };
}

export class EnturError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EnturError';
  }
}

/** Icons for a stop's categories in catalogue order, without duplicates. */
export function iconsFor(categories: readonly string[]): TransitIcon[] {
  const icons = new Set<TransitIcon>();
  for (const category of categories) {
    const icon = TRANSIT_CATEGORY_ICONS[category];
    if (icon) icons.add(icon);
  }
  return [...icons];
}

/** Maps the geocoder's features to search results, dropping stops with no known icon. */
export function mapFeatures(features: readonly GeocoderFeature[]): StopSearchResult[] {
  const results: StopSearchResult[] = [];
  for (const feature of features) {
    const p = feature.properties;
    if (!p?.id) continue;
    const category = Array.isArray(p.category) ? p.category.filter((c) => typeof c === 'string') : [];
    const icons = iconsFor(category);
    if (icons.length === 0) continue;
    const [lon, lat] = feature.geometry?.coordinates ?? [];
    results.push({
      stopId: p.id,
      label: p.label ?? p.name ?? p.id,
      icons,
      category,
      latitude: typeof lat === 'number' ? lat : null,
      longitude: typeof lon === 'number' ? lon : null,
    });
  }
  return results;
}

/** Asks Entur's geocoder autocomplete for stop places (venue layer) matching `text`. */
export async function searchStops(
  opts: { geocoderUrl: string; clientName: string; timeoutMs?: number },
  text: string,
  size = 20,
): Promise<StopSearchResult[]> {
  const url = new URL(`${opts.geocoderUrl.replace(/\/$/, '')}/autocomplete`);
  url.searchParams.set('text', text);
  url.searchParams.set('layers', 'venue');
  url.searchParams.set('size', String(size));
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { 'ET-Client-Name': opts.clientName, accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
  } catch (err) {
    throw new EnturError(`Entur geocoder unreachable: ${messageOf(err)}`);
  }
  if (!res.ok) throw new EnturError(`Entur geocoder answered ${res.status}`, res.status);
  const body = (await res.json().catch(() => null)) as { features?: GeocoderFeature[] } | null;
  if (!body || !Array.isArray(body.features))
    throw new EnturError('Entur geocoder sent an unexpected answer');
  return mapFeatures(body.features);
}
