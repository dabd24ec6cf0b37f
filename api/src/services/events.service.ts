import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@oppslag/common';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entitySequences, events, history } from '../db/schema/index';
import { currentChangeSource } from '../lib/change-source';
import { type HistoryInput, historyRowOf } from './history.service';

export interface RecordedEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  entityId: number | null;
  seq: number;
  data: EventData<T>;
}

export interface RecordEventInput<T extends EventType = EventType> {
  type: T;
  entityId: number | null;
  data: EventData<T>;
  actorId?: number | null;
  history?: HistoryInput;
}

/**
 * Writes a domain event into the outbox inside the caller's transaction. `data` is typed by the
 * event catalogue (`eventDataSchemas` in common), so a call site cannot send a shape consumers do
 * not expect. The per-entity sequence comes from an upsert, whose row lock orders concurrent
 * writers on the same entity. A change a board cares about also gets its history row here (who,
 * from where, the changed fields): `history` carries the state before (and after, when the event's
 * data does not already hold it) and, where the caller knows better than the request, the source.
 */
export async function recordEvent<T extends EventType>(
  tx: Tx,
  input: RecordEventInput<T>,
): Promise<RecordedEvent<T>> {
  const [recorded] = await recordEvents(tx, [input]);
  return recorded as RecordedEvent<T>;
}

/**
 * `recordEvent` for several events at once (a batch of routed SMS and their replies): one upsert
 * takes a run of sequence numbers per entity (in entity order, so two batches lock the rows in the
 * same order), then one insert of the events and one of their history rows. Per entity the events
 * get consecutive sequence numbers in the order given.
 */
export async function recordEvents(tx: Tx, inputs: readonly RecordEventInput[]): Promise<RecordedEvent[]> {
  if (inputs.length === 0) return [];
  const counts = new Map<number, number>();
  for (const input of inputs) {
    const key = input.entityId ?? 0;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows = await tx
    .insert(entitySequences)
    .values([...counts].sort(([a], [b]) => a - b).map(([entityId, seq]) => ({ entityId, seq })))
    .onConflictDoUpdate({
      target: entitySequences.entityId,
      set: { seq: sql`${entitySequences.seq} + excluded.seq` },
    })
    .returning({ entityId: entitySequences.entityId, seq: entitySequences.seq });
  // The last number each entity had before this call; the events take the ones after it.
  const last = new Map(rows.map((r) => [r.entityId, r.seq - (counts.get(r.entityId) ?? 0)]));
  const source = currentChangeSource();
  const recorded: RecordedEvent[] = [];
  const entries: (typeof history.$inferInsert)[] = [];
  for (const input of inputs) {
    const key = input.entityId ?? 0;
    const seq = (last.get(key) ?? 0) + 1;
    last.set(key, seq);
    const id = randomUUID();
    const actorId = input.actorId ?? null;
    const entry = historyRowOf(
      { id, type: input.type, entityId: input.entityId, data: input.data, actorId },
      input.history ?? {},
      source,
    );
    if (entry) entries.push(entry);
    recorded.push({ id, type: input.type, entityId: input.entityId, seq, data: input.data });
  }
  await tx.insert(events).values(
    recorded.map((e, i) => ({
      id: e.id,
      type: e.type,
      entityId: e.entityId,
      seq: e.seq,
      data: e.data as object,
      actorId: inputs[i].actorId ?? null,
    })),
  );
  if (entries.length) await tx.insert(history).values(entries);
  return recorded;
}
