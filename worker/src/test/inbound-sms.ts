import { randomUUID } from 'node:crypto';
import type { Db } from '@oppslag/api/core';
import { smsMessages } from '@oppslag/api/testing';

/**
 * Inbound messages stored as the webhook leaves them for the `sms` job (generic provider, a
 * message id of their own); their ids in the order given (ids are drawn in the VALUES list's order).
 */
export async function storeInboundSms(
  db: Db,
  ...messages: [from: string, text: string][]
): Promise<number[]> {
  const rows = await db
    .insert(smsMessages)
    .values(
      messages.map(([from, text]) => ({
        provider: 'generic',
        providerMessageId: `test-${randomUUID()}`,
        from,
        to: null,
        text,
        raw: {},
      })),
    )
    .returning({ id: smsMessages.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
