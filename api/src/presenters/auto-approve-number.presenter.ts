import type { AutoApproveNumber } from '@oppslag/common';
import type { autoApproveNumbers } from '../db/schema/index';

type Row = typeof autoApproveNumbers.$inferSelect;

/** A number is active until its expiration passes; with no start date it is never scheduled. */
export function autoApproveState(row: Pick<Row, 'expirationDate'>, now: Date): AutoApproveNumber['state'] {
  return row.expirationDate && row.expirationDate.getTime() <= now.getTime() ? 'expired' : 'active';
}

export function presentAutoApproveNumber(row: Row, now: Date): AutoApproveNumber {
  return {
    id: row.id,
    entityId: row.entityId,
    number: row.number,
    description: row.description,
    expirationDate: row.expirationDate ? row.expirationDate.toISOString() : null,
    state: autoApproveState(row, now),
  };
}
