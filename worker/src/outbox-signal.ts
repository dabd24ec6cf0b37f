import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { OutboxNotifier } from '../../api/src/deps';
import { outboxChannel } from '../../api/src/lib/outbox-signal';

/**
 * The worker's end of the API's commit signal (api/src/lib/outbox-signal.ts): calls
 * `target.notify()` for every message, resubscribing after reconnects; returns an unsubscribe.
 */
export function subscribeOutbox(
  redisUrl: string,
  redisPrefix: string,
  target: OutboxNotifier,
  logger: Logger,
): () => void {
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: null });
  sub.on('error', (err) => logger.debug({ err: err.message }, 'outbox signal redis error'));
  sub.on('message', () => target.notify());
  sub
    .subscribe(outboxChannel(redisPrefix))
    .catch((err: Error) => logger.warn({ err: err.message }, 'outbox signal subscribe failed'));
  return () => sub.disconnect();
}
