import { z } from 'zod';

/**
 * The catalogue of domain events. Names follow `resource.verb`; every event is pushed as
 * `{ id, seq, entityId, data }`. Adding an event means adding it here first.
 */
export const EVENT_TYPES = [
  'entity.created',
  'entity.updated',
  'entity.deleted',
  'entity.apiKeyRegenerated',
  'member.added',
  'member.removed',
  'member.updated',
  'user.updated',
  'note.created',
  'note.updated',
  'note.deleted',
  'content.created',
  'content.updated',
  'content.deleted',
  'asset.updated',
  'asset.cropRequested',
  'autoApproveNumber.changed',
  'transitStop.changed',
  'transit.updated',
  'weather.updated',
  'display.command',
  'display.presence',
  'sms.received',
  'system.installed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const pushedEventSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  entityId: z.number().int().nullable(),
  data: z.unknown(),
});
export type PushedEvent = z.infer<typeof pushedEventSchema> & { type: EventType };
