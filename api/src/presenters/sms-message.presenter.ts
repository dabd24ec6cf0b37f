import type { SmsMessage } from '@oppslag/common';
import type { smsMessages } from '../db/schema/index';

/** An inbound message for the superadmin: what arrived and what became of it (not the raw payload). */
export function presentSmsMessage(row: typeof smsMessages.$inferSelect): SmsMessage {
  return {
    id: row.id,
    provider: row.provider,
    from: row.from,
    to: row.to,
    text: row.text,
    status: row.status,
    entityId: row.entityId,
    noteId: row.noteId,
    receivedAt: row.receivedAt.toISOString(),
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
  };
}
