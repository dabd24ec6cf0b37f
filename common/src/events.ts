import { z } from 'zod';
import { alertSchema } from './alerts';
import { ROLES } from './constants';
import { assetSchema } from './schemas/asset';
import { contentSlotSchema } from './schemas/content';
import { entitySchema } from './schemas/entity';
import { noteSchema } from './schemas/note';
import { transitDeparturesSchema } from './schemas/transit';
import { weatherForecastSchema } from './schemas/weather';

const id = z.number().int();

/** A change of a list the console refetches (auto-approve numbers, transit stops). */
const listChange = { action: z.enum(['created', 'updated', 'deleted']), id };

/**
 * The catalogue of domain events: one zod schema per type for its `data`. Names follow
 * `resource.verb`; every event travels as `{ id, seq, entityId, data }` (the outbox row, the
 * BullMQ job, the console push). Adding an event means adding it here first; `recordEvent` takes
 * its `data` type from here, and the relay and the gateway refuse data that does not parse.
 * What a display receives is a narrower shape of its own (`realtime/display-events.ts`).
 */
export const eventDataSchemas = {
  /** A new entity, public view (no API key, no permissions). */
  'entity.created': z.object({ entity: entitySchema }),
  /**
   * Fields `changed` on an entity. `entity` is the public view after an edit; registration and a
   * move by deleting the parent name only what changed (`parentId` then is the new parent).
   */
  'entity.updated': z.object({
    id,
    changed: z.array(z.string()),
    entity: entitySchema.optional(),
    parentId: id.nullable().optional(),
    previousParentId: id.nullable().optional(),
  }),
  /** `rootId` is the entity the delete was asked for; one event per entity of its subtree. */
  'entity.deleted': z.object({ id, rootId: id }),
  /** The screen holding the old key is cut off. */
  'entity.apiKeyRegenerated': z.object({ apiKeyVersion: z.number().int() }),
  'member.added': z.object({ userId: id, role: z.enum(ROLES) }),
  'member.removed': z.object({ userId: id }),
  'member.updated': z.object({ userId: id, autoApprove: z.boolean(), smsNotifications: z.boolean() }),
  /** Password, admin flag, deletion…: the gateway checks the user's sockets again. */
  'user.updated': z.object({ id, fields: z.array(z.string()) }),
  /** The note as its entity's readers see it (pending ones included). */
  'note.created': z.object({ id, note: noteSchema }),
  'note.updated': z.object({ id, note: noteSchema }),
  'note.deleted': z.object({ id }),
  'content.created': z.object({ id, slot: contentSlotSchema }),
  'content.updated': z.object({ id, slot: contentSlotSchema }),
  'content.deleted': z.object({ id, slot: contentSlotSchema }),
  'asset.updated': assetSchema,
  'autoApproveNumber.changed': z.object(listChange),
  'transitStop.changed': z.object({ ...listChange, stopId: z.string() }),
  'transit.updated': transitDeparturesSchema,
  'weather.updated': weatherForecastSchema,
  /** A command to the screen the event's entity is (admin "update"): one event per screen. */
  'display.command': z.object({ command: z.enum(['reload', 'refresh', 'screenshot']) }),
  /** An emergency alert on the entity: every display below takes over its screen. */
  'alert.raised': z.object({ id, alert: alertSchema }),
  /** All clear: the alert ends early (screens show the all-clear card). */
  'alert.cleared': z.object({ id, alert: alertSchema }),
  /**
   * A display has been offline for 5 minutes outside quiet hours (`dark: true`), or is back after
   * that (`dark: false`): the SMS-notification members of its chain get one SMS each.
   * `offlineSince` names the outage, so both messages of one outage are sent once each.
   */
  'display.darkChanged': z.object({ dark: z.boolean(), offlineSince: z.string() }),
  /**
   * A resident's number was looked up or erased by a superadmin (issue 28 item 9). The history
   * records that it happened and to which number's hash, never the number itself.
   */
  'privacy.phoneExported': z.object({ numberHash: z.string() }),
  'privacy.phoneErased': z.object({
    numberHash: z.string(),
    inbound: z.number().int(),
    outbound: z.number().int(),
  }),
  /** A board lifted a STOP from its list (the number by hash only). */
  'privacy.stopLifted': z.object({ numberHash: z.string() }),
  'system.installed': z.object({ rootEntityId: id, masterDisplayId: id }),
  /** An inbound SMS was stored: the worker routes it to a note (the `sms/inbound` job). */
  'sms.received': z.object({ smsMessageId: id.positive() }),
  /** An outbound SMS was recorded (sms_outbound row): the worker sends it (the `sms/send` job). */
  'sms.outboundQueued': z.object({ outboundId: id.positive() }),
  /** An asset's crop changed: the worker renders that crop version (the `assets/crop` job). */
  'asset.cropRequested': z.object({ assetId: id.positive(), cropVersion: z.number().int().positive() }),
} as const;

export type EventType = keyof typeof eventDataSchemas;
export const EVENT_TYPES = Object.keys(eventDataSchemas) as [EventType, ...EventType[]];
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

/** The envelope every pushed event travels in, whatever its catalogue. */
export interface Envelope<D> {
  id: string;
  seq: number;
  entityId: number | null;
  data: D;
}

/** The envelope of a domain event. */
export type EventEnvelope<T extends EventType = EventType> = Envelope<EventData<T>>;

/** A domain event with its type, as a discriminated union (narrow on `type` to get `data`). */
export type DomainEvent = { [T in EventType]: EventEnvelope<T> & { type: T } }[EventType];

/** Parses `data` of a given type; null when it does not match the catalogue. */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> | null {
  if (!isEventType(type)) return null;
  const parsed = (eventDataSchemas[type] as z.ZodType).safeParse(data);
  return parsed.success ? (parsed.data as EventData<T>) : null;
}

export const isEventType = (value: string): value is EventType => Object.hasOwn(eventDataSchemas, value);
