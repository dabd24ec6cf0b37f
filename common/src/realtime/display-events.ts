import { z } from 'zod';
import { alertSchema } from '../alerts';
import type { Envelope } from '../events';
import { contentSlotSchema } from '../schemas/content';
import { displayNoteSchema } from '../schemas/display';
import { transitDeparturesSchema } from '../schemas/transit';
import { weatherForecastSchema } from '../schemas/weather';

const id = z.number().int();

/**
 * What a display may receive, per event type: the shapes of `GET /api/display/content` and the
 * manifest, never more. A note arrives only approved and not expired, in the player's shape; a note
 * that stops being shown arrives as `note.deleted`. Everything else a display must not see (pending
 * notes, members, users, auto-approve numbers, other entities' records) reaches it as `withheld`,
 * which only keeps its sequence numbers whole.
 */
export const displayEventDataSchemas = {
  'note.created': z.object({ note: displayNoteSchema }),
  'note.updated': z.object({ note: displayNoteSchema }),
  'note.deleted': z.object({ id }),
  'content.created': z.object({ id, slot: contentSlotSchema }),
  'content.updated': z.object({ id, slot: contentSlotSchema }),
  'content.deleted': z.object({ id, slot: contentSlotSchema }),
  /** An asset of a slide changed (a new crop); the slide list says where it is used. */
  'asset.updated': z.object({ id }),
  /** The chain's stops changed: the manifest lists them. */
  'transitStop.changed': z.object({}),
  'transit.updated': transitDeparturesSchema,
  'weather.updated': weatherForecastSchema,
  /** Something in the chain's settings changed: the manifest is due again. */
  'entity.updated': z.object({ changed: z.array(z.string()) }),
  'display.command': z.object({ command: z.enum(['reload', 'refresh', 'screenshot']) }),
  /** An emergency alert on the display or an ancestor: the screen takes over at once. */
  'alert.raised': z.object({ alert: alertSchema }),
  /** The alert is over: the screen shows the all-clear card for a few minutes. */
  'alert.cleared': z.object({ id }),
} as const;

export type DisplayEventType = keyof typeof displayEventDataSchemas;
export type DisplayEventData<T extends DisplayEventType> = z.infer<(typeof displayEventDataSchemas)[T]>;

export type DisplayEnvelope<T extends DisplayEventType = DisplayEventType> = Envelope<DisplayEventData<T>>;

/** A pushed display event with its type (narrow on `type`). */
export type DisplayEvent = { [T in DisplayEventType]: DisplayEnvelope<T> & { type: T } }[DisplayEventType];

const envelope = z.object({
  id: z.string(),
  seq: z.number().int(),
  entityId: z.number().int().nullable(),
  data: z.unknown(),
});

export const isDisplayEventType = (value: string): value is DisplayEventType =>
  Object.hasOwn(displayEventDataSchemas, value);

export const DISPLAY_EVENT_TYPES: DisplayEventType[] =
  Object.keys(displayEventDataSchemas).filter(isDisplayEventType);

/** Reads a push on the display's socket; null when the type is unknown or the payload is not its shape. */
export function parseDisplayEvent(type: string, payload: unknown): DisplayEvent | null {
  if (!isDisplayEventType(type)) return null;
  const head = envelope.safeParse(payload);
  if (!head.success) return null;
  const data = displayEventDataSchemas[type].safeParse(head.data.data);
  if (!data.success) return null;
  return { ...head.data, type, data: data.data } as DisplayEvent;
}
