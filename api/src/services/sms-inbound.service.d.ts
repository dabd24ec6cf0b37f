import { type SmsStatus } from '@oppslag/common';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
export interface InboundSms {
  provider: string;
  providerMessageId: string;
  from: string;
  to: string | null;
  text: string;
  raw: unknown;
}
/**
 * Stores an inbound message once per (provider, provider message id): a provider's retry, or the
 * same webhook arriving three times at once, finds the row already there.
 */
export declare function storeInboundSms(
  tx: Tx,
  sms: InboundSms,
): Promise<{
  id: number;
  duplicate: boolean;
}>;
export declare function listInboundSms(
  tx: Tx,
  opts: {
    status?: SmsStatus;
    limit: number;
  },
): Promise<
  {
    id: number;
    provider: string;
    providerMessageId: string;
    from: string;
    to: string | null;
    text: string;
    raw: unknown;
    status: string;
    entityId: number | null;
    noteId: number | null;
    receivedAt: Date;
    processedAt: Date | null;
  }[]
>;
/**
 * Queues the routing of a stored message. Not awaited by the webhook: when Redis is down the row
 * stays `received` and the worker's sweep routes it later, so nothing is lost and the provider
 * gets its 200 at once.
 */
export declare function enqueueInboundSms(deps: AppDeps, smsMessageId: number): void;
