import { z } from 'zod';
import { queryBoolean } from './query';

/** Icons a stop search result may carry; a result maps to at least one or is dropped. */
export const TRANSIT_ICONS = ['bus', 'metro', 'rail', 'tram', 'water', 'air'] as const;
export type TransitIcon = (typeof TRANSIT_ICONS)[number];

/** Entur stop place categories (NeTEx StopPlace types as the geocoder reports them) → icon. */
export const TRANSIT_CATEGORY_ICONS: Record<string, TransitIcon> = {
  onstreetBus: 'bus',
  busStation: 'bus',
  coachStation: 'bus',
  metroStation: 'metro',
  railStation: 'rail',
  onstreetTram: 'tram',
  tramStation: 'tram',
  ferryStop: 'water',
  ferryPort: 'water',
  harbourPort: 'water',
  airport: 'air',
};

/** NSR ids from the national stop register, e.g. `NSR:StopPlace:58366`. */
export const stopIdSchema = z
  .string({ error: 'Stop id must be a string' })
  .regex(/^[A-Z]{3}:(StopPlace|Quay):\d{1,12}$/, 'Stop id must look like NSR:StopPlace:58366');

export const createTransitStopSchema = z.strictObject({
  stopId: stopIdSchema,
  label: z
    .string({ error: 'Label must be a string' })
    .trim()
    .min(1, 'Label is required')
    .max(255, 'Label cannot be more than 255 characters long'),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
});
export type CreateTransitStopInput = z.infer<typeof createTransitStopSchema>;

export const transitStopSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  stopId: z.string(),
  label: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TransitStop = z.infer<typeof transitStopSchema>;

/**
 * A stop as the list answers it: an ancestor's stop (asked for with `includeInherited`) names the
 * ancestor it comes from, because it applies to the entity's screens but is changed up there.
 */
export const appliedTransitStopSchema = transitStopSchema.extend({
  inheritedFrom: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export type AppliedTransitStop = z.infer<typeof appliedTransitStopSchema>;

export const transitStopListQuerySchema = z.object({
  /** Also the stops of the entity's ancestors that its screens show (nearest first, each stop once). */
  includeInherited: queryBoolean.optional(),
});

export const stopSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search query must be at least 2 characters' })
    .trim()
    .min(2, 'Search query must be at least 2 characters')
    .max(100, 'Search query is too long'),
});

export const stopSearchResultSchema = z.object({
  stopId: z.string(),
  label: z.string(),
  icons: z.array(z.enum(TRANSIT_ICONS)),
  category: z.array(z.string()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type StopSearchResult = z.infer<typeof stopSearchResultSchema>;

export const departureSchema = z.object({
  lineCode: z.string(),
  frontText: z.string(),
  departureTime: z.string(),
  transportMode: z.string(),
});
export type Departure = z.infer<typeof departureSchema>;

/** What a display gets for one entity: departures per stop, as cached by the transit poller. */
export const transitDeparturesSchema = z.object({
  entityId: z.number().int(),
  updatedAt: z.string(),
  stops: z.array(
    z.object({
      stopId: z.string(),
      label: z.string(),
      name: z.string().nullable(),
      departures: z.array(departureSchema),
    }),
  ),
});
export type TransitDepartures = z.infer<typeof transitDeparturesSchema>;
