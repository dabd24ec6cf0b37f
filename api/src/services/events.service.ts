import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@oppslag/common';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entitySequences, events, history, systemEventSeq } from '../db/schema/index';
import { currentChangeSource } from '../lib/change-source';
import { type HistoryInput, historyRowOf } from './history.service';

/**
 * The SQL expression numbering a system-wide event: the one rule, used by `recordEvent` and by the
 * statements that write such an event themselves (the inbound SMS webhook's single statement).
 */
export const nextSystemSeq = `nextval('${systemEventSeq.seqName}')`;

export interface RecordedEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  entityId: number | null;
  seq: number;
  data: EventData<T>;
}

/**
 * Writes a domain event into the outbox inside the caller's transaction. `data` is typed by the
 * event catalogue (`eventDataSchemas` in common), so a call site cannot send a shape consumers do
 * not expect. The per-entity sequence comes from an upsert, whose row lock orders concurrent
 * writers on the same entity; a system-wide event (no entity) takes `nextSystemSeq`, which locks
 * nothing until commit (see `systemEventSeq`). A change a board cares about also gets its history row here (who,
 * from where, the changed fields): `history` carries the state before (and after, when the event's
 * data does not already hold it) and, where the caller knows better than the request, the source.
 */
export async function recordEvent<T extends EventType>(
  tx: Tx,
  input: {
    type: T;
    entityId: number | null;
    data: EventData<T>;
    actorId?: number | null;
    history?: HistoryInput;
  },
): Promise<RecordedEvent<T>> {
  const id = randomUUID();
  const row = {
    id,
    type: input.type,
    entityId: input.entityId,
    data: input.data as object,
    actorId: input.actorId ?? null,
  };
  let seq: number;
  if (input.entityId === null) {
    const [inserted] = await tx
      .insert(events)
      .values({ ...row, seq: sql.raw(nextSystemSeq) })
      .returning({ seq: events.seq });
    seq = inserted.seq;
  } else {
    const [counter] = await tx
      .insert(entitySequences)
      .values({ entityId: input.entityId, seq: 1 })
      .onConflictDoUpdate({ target: entitySequences.entityId, set: { seq: sql`${entitySequences.seq} + 1` } })
      .returning({ seq: entitySequences.seq });
    seq = counter.seq;
    await tx.insert(events).values({ ...row, seq });
  }
  const entry = historyRowOf(
    { id, type: input.type, entityId: input.entityId, data: input.data, actorId: input.actorId ?? null },
    input.history ?? {},
    currentChangeSource(),
  );
  if (entry) await tx.insert(history).values(entry);
  return { id, type: input.type, entityId: input.entityId, seq, data: input.data };
}
