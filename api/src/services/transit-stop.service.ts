import type { Actor, CreateTransitStopInput } from '@oppslag/common';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities, transitStops } from '../db/schema/index';
import { fieldError, notFound } from '../errors';
import { recordEvent } from './events.service';

export type TransitStopRow = typeof transitStops.$inferSelect;
type Row = TransitStopRow;

export async function listTransitStops(tx: Tx, entityId: number): Promise<Row[]> {
  return tx
    .select()
    .from(transitStops)
    .where(eq(transitStops.entityId, entityId))
    .orderBy(asc(transitStops.id));
}

export async function addTransitStop(
  tx: Tx,
  entityId: number,
  input: CreateTransitStopInput,
  actor: Actor,
): Promise<Row> {
  const existing = await tx
    .select({ id: transitStops.id })
    .from(transitStops)
    .where(and(eq(transitStops.entityId, entityId), eq(transitStops.stopId, input.stopId)));
  if (existing.length > 0)
    throw fieldError('conflict', 'This stop is already added', { path: 'stopId', code: 'taken' });
  const [row] = await tx
    .insert(transitStops)
    .values({
      entityId,
      stopId: input.stopId,
      label: input.label,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    })
    .returning();
  await recordEvent(tx, {
    type: 'transitStop.changed',
    entityId,
    data: { action: 'created', id: row.id, stopId: row.stopId },
    actorId: actor.id,
  });
  return row;
}

/** Removes a stop by its row id, or by its NSR stop id (what the console holds from the search). */
export async function removeTransitStop(
  tx: Tx,
  entityId: number,
  key: number | string,
  actor: Actor,
): Promise<Row> {
  const match = typeof key === 'number' ? eq(transitStops.id, key) : eq(transitStops.stopId, key);
  const [row] = await tx
    .delete(transitStops)
    .where(and(eq(transitStops.entityId, entityId), match))
    .returning();
  if (!row) throw notFound('Transit stop');
  await recordEvent(tx, {
    type: 'transitStop.changed',
    entityId,
    data: { action: 'deleted', id: row.id, stopId: row.stopId },
    actorId: actor.id,
  });
  return row;
}

/** The live entities with at least one stop: each gets one polling scheduler in the worker. */
export async function entitiesWithTransitStops(tx: Tx): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ entityId: transitStops.entityId })
    .from(transitStops)
    .innerJoin(entities, and(eq(entities.id, transitStops.entityId), eq(entities.deleted, false)));
  return rows.map((r) => r.entityId);
}
