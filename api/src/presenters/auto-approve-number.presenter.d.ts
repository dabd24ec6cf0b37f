import type { AutoApproveNumber } from '@oppslag/common';
import type { autoApproveNumbers } from '../db/schema/index';

type Row = typeof autoApproveNumbers.$inferSelect;
/** A number is active until its expiration passes; with no start date it is never scheduled. */
export declare function autoApproveState(
  row: Pick<Row, 'expirationDate'>,
  now: Date,
): AutoApproveNumber['state'];
export declare function presentAutoApproveNumber(row: Row, now: Date): AutoApproveNumber;
