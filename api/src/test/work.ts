import type { Tx } from '../db/client';
import { unitOfWork } from '../db/unit-of-work';
import { createOutboxSignal } from '../lib/outbox-signal';
import type { TestDatabase } from './harness';

/**
 * The unit of work for tests that write through services on a bare test database (no deps, no
 * relay in the process to wake): events may only be recorded inside one.
 */
export function testWork<T>(db: Pick<TestDatabase, 'database'>, work: (tx: Tx) => Promise<T>): Promise<T> {
  return unitOfWork({ database: db.database, outbox: createOutboxSignal() }, work);
}
