import { type Actor, type AutoApproveNumberInput } from '@oppslag/common';
import type { Tx } from '../db/client';
import { autoApproveNumbers } from '../db/schema/index';

type Row = typeof autoApproveNumbers.$inferSelect;
/** A bare date means "valid through that day" in the product's time zone. */
export declare function parseExpiration(value: string | null | undefined): Date | null;
export declare function listAutoApproveNumbers(tx: Tx, entityId: number): Promise<Row[]>;
export declare function createAutoApproveNumber(
  tx: Tx,
  entityId: number,
  input: AutoApproveNumberInput,
  actor: Actor,
): Promise<Row>;
export declare function updateAutoApproveNumber(
  tx: Tx,
  entityId: number,
  id: number,
  input: AutoApproveNumberInput,
  actor: Actor,
): Promise<Row>;
export declare function deleteAutoApproveNumber(
  tx: Tx,
  entityId: number,
  id: number,
  actor: Actor,
): Promise<void>;
