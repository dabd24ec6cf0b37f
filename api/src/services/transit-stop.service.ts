import type { Actor, CreateTransitStopInput } from '@oppslag/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities, transitStops } from '../db/schema/index';
import { fieldError, notFound } from '../errors';
import { loadChain } from './entity-chain.service';
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

/**
 * Which stops apply along a chain (ids nearest first): the nearest entity's, each stop id once. The
 * screens' manifest and the console's list both use it, so the console lists what the screens show.
 */
export function nearestOncePerStop<T extends { entityId: number; stopId: string }>(
  rows: readonly T[],
  chainIds: readonly number[],
): T[] {
  const sorted = [...rows].sort((a, b) => chainIds.indexOf(a.entityId) - chainIds.indexOf(b.entityId));
  const seen = new Set<string>();
  return sorted.filter((r) => !seen.has(r.stopId) && seen.add(r.stopId));
}

/** A stop that applies to an entity, with the ancestor it comes from when it is not the entity's own. */
export type AppliedStopRow = Row & { inheritedFrom?: { id: number; name: string } };

/** The stops an entity's screens show: its own, then its ancestors' (issue 31 item 8). */
export async function listAppliedTransitStops(tx: Tx, entityId: number): Promise<AppliedStopRow[]> {
  const chain = (await loadChain(tx, entityId)) ?? [];
  const live = chain.filter((e) => !e.deleted);
  const ids = live.map((e) => e.id);
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(transitStops)
    .where(inArray(transitStops.entityId, ids))
    .orderBy(asc(transitStops.id));
  const names = new Map(live.map((e) => [e.id, e.name]));
  return nearestOncePerStop(rows, ids).map((row) =>
    row.entityId === entityId
      ? row
      : { ...row, inheritedFrom: { id: row.entityId, name: names.get(row.entityId) ?? '' } },
  );
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
