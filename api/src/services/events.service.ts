import { randomUUID } from 'node:crypto';
import type { EventType } from '@oppslag/common';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entitySequences, events } from '../db/schema/index';

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
export async function recordEvent(
  tx: Tx,
  input: { type: EventType; entityId: number | null; data: unknown; actorId?: number | null },
): Promise<RecordedEvent> {
  const key = input.entityId ?? 0;
  const [row] = await tx
    .insert(entitySequences)
    .values({ entityId: key, seq: 1 })
    .onConflictDoUpdate({ target: entitySequences.entityId, set: { seq: sql`${entitySequences.seq} + 1` } })
    .returning({ seq: entitySequences.seq });
  const id = randomUUID();
  await tx.insert(events).values({
    id,
    type: input.type,
    entityId: input.entityId,
    seq: row.seq,
    data: input.data as object,
    actorId: input.actorId ?? null,
  });
  return { id, type: input.type, entityId: input.entityId, seq: row.seq, data: input.data };
}
