import type { Actor, CreateTransitStopInput } from '@oppslag/common';
import type { Tx } from '../db/client';
import { transitStops } from '../db/schema/index';

type Row = typeof transitStops.$inferSelect;
export declare function listTransitStops(tx: Tx, entityId: number): Promise<Row[]>;
export declare function addTransitStop(
  tx: Tx,
  entityId: number,
  input: CreateTransitStopInput,
  actor: Actor,
): Promise<Row>;
/** Removes a stop by its row id, or by its NSR stop id (what the console holds from the search). */
export declare function removeTransitStop(
  tx: Tx,
  entityId: number,
  key: number | string,
  actor: Actor,
): Promise<Row>;
