import { z } from 'zod';
import { alertSchema } from '../alerts';
import { DISPLAY_MODULES } from '../display-modules';
import { CONTENT_SLOTS } from '../feature-sets';
import { NOTE_ICONS, NOTE_STATES } from '../notes';
import { quietHoursSchema } from '../quiet-hours';
import { scheduleOutSchema } from '../schedule';
import { contentSchema } from './content';
import { transitDeparturesSchema } from './transit';
import { weatherForecastSchema } from './weather';

export const registerDisplaySchema = z.strictObject({
  displayId: z.string({ error: 'Display id must be a string' }).trim().min(1).max(64),
  apiKey: z.string({ error: 'API key must be a string' }).min(1).max(256),
});

export const serviceSchema = z.object({ name: z.enum(DISPLAY_MODULES), enabled: z.boolean() });
/** `GET /api/content/{entityId}/service`: every module and whether it is on for the entity. */
export const servicesResponseSchema = z.array(serviceSchema);

const slotSizeSchema = z.object({ enabled: z.boolean(), width: z.number().int(), height: z.number().int() });

/** The display manifest of spec §3, plus the SMS number and the feature set's slots. */
export const manifestSchema = z.object({
  displayId: z.string(),
  entityId: z.number().int(),
  name: z.string(),
  /** The display's own code word, else the nearest ancestor's (the organization's, normally). */
  codeWord: z.string().nullable(),
  showCodeWord: z.boolean(),
  smsNumber: z.string(),
  timeZone: z.string(),
  displayInformation: z.string().nullable(),
  layout: z.enum(['default', 'oppslag']),
  orientation: z.number().int(),
  modules: z.array(z.object({ name: z.enum(DISPLAY_MODULES) })),
  /** Banner fallback text shown when no slide is active (the display's, else the nearest ancestor's). */
  fallback: z.string().nullable(),
  display: z.object({
    id: z.number().int(),
    name: z.string(),
    noteBoardBackgroundColor: z.string(),
    bannerFallbackText: z.string().nullable(),
    orientation: z.number().int(),
    /** Larger text and fewer notes a page: the display's choice, else the nearest ancestor's, else off. */
    // A default so a manifest stored by an older player (offline cache) still reads.
    largePrint: z.boolean().default(false),
  }),
  organization: z
    .object({
      id: z.number().int(),
      name: z.string(),
      noteBoardBackgroundColor: z.string(),
      orgnum: z.string().nullable(),
      street: z.string().nullable(),
      zip: z.string().nullable(),
      city: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      displayInformation: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    })
    .nullable(),
  transitStops: z.array(
    z.object({ id: z.number().int(), entityId: z.number().int(), stopId: z.string(), label: z.string() }),
  ),
  /** Quiet hours in force: the display's own, else the nearest ancestor's; null when none (an answer cached before they existed reads as none). */
  quietHours: quietHoursSchema.nullable().default(null),
  featureSet: z.object({
    name: z.string(),
    slots: z.object(
      Object.fromEntries(CONTENT_SLOTS.map((s) => [s, slotSizeSchema])) as Record<
        (typeof CONTENT_SLOTS)[number],
        typeof slotSizeSchema
      >,
    ),
  }),
});
export type DisplayManifest = z.infer<typeof manifestSchema>;

export const registerDisplayResponseSchema = z.object({ token: z.string(), manifest: manifestSchema });

/** A renewed display token and when it expires (ISO), so the player knows when to renew again. */
export const renewDisplayTokenResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
/**
 * `POST /api/entities/{id}/display-preview`: a short-lived, read-only display token for the
 * console's "preview display". The player takes it from the URL fragment (never sent to a server)
 * and keeps it in memory only.
 */
export const displayPreviewSchema = z.object({
  token: z.string(),
  displayId: z.string(),
  expiresAt: z.string(),
});

/** A note as the player gets it: only approved notes that are active or scheduled. */
export const displayNoteSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  text: z.string(),
  icon: z.enum(NOTE_ICONS),
  iconColor: z.string(),
  date: z.string(),
  end: z.string().nullable(),
  sticky: z.boolean(),
  state: z.enum(NOTE_STATES),
  /** The player shows the note only inside a window of it (common/schedule.ts); absent = none. */
  schedule: scheduleOutSchema.nullable().optional(),
});

export const displaySlideSchema = contentSchema
  .pick({
    id: true,
    entityId: true,
    slot: true,
    type: true,
    start: true,
    end: true,
    duration: true,
    templateId: true,
    templateText: true,
    asset: true,
    master: true,
  })
  .extend({
    /** The player shows the slide only inside a window of it (common/schedule.ts); absent = none. */
    schedule: scheduleOutSchema.nullable().optional(),
  });
export type DisplaySlide = z.infer<typeof displaySlideSchema>;

/**
 * `GET /api/display/content`. Slides are active or upcoming (the player switches them by time);
 * `fallback` holds the slides to show when none is active; transit and weather are null until the
 * worker has polled them.
 */
export const displayContentSchema = z.object({
  notes: z.array(displayNoteSchema),
  banners: z.array(displaySlideSchema),
  fallback: z.array(z.object({ type: z.literal('text'), text: z.string() })),
  partnerLogo: z.array(displaySlideSchema),
  adsSmall: z.array(displaySlideSchema),
  adsLarge: z.array(displaySlideSchema),
  transit: transitDeparturesSchema.nullable(),
  weather: weatherForecastSchema.nullable(),
  /** Emergency alerts in force on the display or an ancestor, newest first (they take over the screen). */
  alerts: z.array(alertSchema).default([]),
});
export type DisplayContent = z.infer<typeof displayContentSchema>;
