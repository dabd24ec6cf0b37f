import type { EventType } from '@oppslag/common';
import type { Tx } from '../db/client';
export interface RecordedEvent {
  id: string;
  type: EventType;
  entityId: number | null;
  seq: number;
  data: unknown;
}
/**
 * Writes a domain event into the outbox inside the caller's transaction. The per-entity sequence
 * comes from an upsert, whose row lock orders concurrent writers on the same entity.
 */
export declare function recordEvent(
  tx: Tx,
  input: {
    type: EventType;
    entityId: number | null;
    data: unknown;
    actorId?: number | null;
  },
): Promise<RecordedEvent>;
