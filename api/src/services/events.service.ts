import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@oppslag/common';
import { defined } from '@oppslag/common/defined.ts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { insertRows } from '../db/insert-rows';
import { rowsOf } from '../db/rows';
import { entitySequences, events, history, systemEventSeq } from '../db/schema/index';
import { enlistEvents } from '../db/unit-of-work';
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
 * writers on the same entity; a system-wide event (no entity) takes `nextSystemSeq`, which locks
 * nothing until commit (see `systemEventSeq`). A change a board cares about also gets its history row here (who,
 * from where, the changed fields): `history` carries the state before (and after, when the event's
 * data does not already hold it) and, where the caller knows better than the request, the source.
 */
export async function recordEvent<T extends EventType>(
  tx: Tx,
  input: RecordEventInput<T>,
): Promise<RecordedEvent<T>> {
  const [recorded] = await recordEvents(tx, [input]);
  return recorded;
}

/**
 * `recordEvent` for several events at once (a batch of routed SMS and their replies): one upsert
 * takes a run of sequence numbers per entity (in entity order, so two batches lock the rows in the
 * same order), then one insert of the events and one of their history rows. Per entity the events
 * get consecutive sequence numbers in the order given.
 */
export async function recordEvents<T extends EventType = EventType>(
  tx: Tx,
  inputs: readonly RecordEventInput<T>[],
): Promise<RecordedEvent<T>[]> {
  if (inputs.length === 0) return [];
  // Only in the transaction of a unit of work, which wakes the relay after the commit.
  enlistEvents(tx)(inputs.length);
  const counts = new Map<number, number>();
  let systemCount = 0;
  for (const input of inputs) {
    if (input.entityId === null) systemCount += 1;
    else counts.set(input.entityId, (counts.get(input.entityId) ?? 0) + 1);
  }
  const rows = counts.size
    ? await tx
        .insert(entitySequences)
        .values([...counts].sort(([a], [b]) => a - b).map(([entityId, seq]) => ({ entityId, seq })))
        .onConflictDoUpdate({
          target: entitySequences.entityId,
          set: { seq: sql`${entitySequences.seq} + excluded.seq` },
        })
        .returning({ entityId: entitySequences.entityId, seq: entitySequences.seq })
    : [];
  // The last number each entity had before this call; the events take the ones after it.
  const last = new Map(rows.map((r) => [r.entityId, r.seq - (counts.get(r.entityId) ?? 0)]));
  // System-wide events take numbers from the sequence, in the order given; nothing stays locked.
  const systemSeqs = systemCount ? await nextSystemSeqs(tx, systemCount) : [];
  const source = currentChangeSource();
  const recorded: RecordedEvent<T>[] = [];
  const entries: (typeof history.$inferInsert)[] = [];
  for (const input of inputs) {
    let seq: number;
    if (input.entityId === null) seq = defined(systemSeqs.shift(), 'a reserved system sequence');
    else {
      seq = (last.get(input.entityId) ?? 0) + 1;
      last.set(input.entityId, seq);
    }
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
  await insertRows(
    tx,
    events,
    recorded.map((e, i) => ({
      id: e.id,
      type: e.type,
      entityId: e.entityId,
      seq: e.seq,
      data: e.data,
      actorId: inputs[i].actorId ?? null,
    })),
  );
  await insertRows(tx, history, entries);
  return recorded;
}

/** `count` numbers from the system-wide event sequence, ascending. */
async function nextSystemSeqs(tx: Tx, count: number): Promise<number[]> {
  const result = await tx.execute<{ seq: number }>(
    sql`select ${sql.raw(nextSystemSeq)} as seq from generate_series(1, ${count}) order by 1`,
  );
  return rowsOf<{ seq: number }>(result).map((r) => Number(r.seq));
}
