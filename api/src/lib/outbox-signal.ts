import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { OutboxNotifier } from '../deps';

const channel = (redisPrefix: string) => `${redisPrefix}:outbox:committed`;

/**
 * When the API runs in a process of its own, it tells the worker's relay over Redis pub/sub that
 * events were committed, so they move at once instead of at the next sweep. Losing a signal (Redis
 * down) only delays delivery until the sweep.
 */
export function outboxPublisher(redis: Redis, redisPrefix: string): OutboxNotifier {
  let pending = false;
  return {
    notify() {
      // Several commits in one tick make one message.
      if (pending) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        redis.publish(channel(redisPrefix), '1').catch(() => undefined);
      });
    },
  };
}

/** Calls `target.notify()` for every signal (resubscribing after reconnects); returns an unsubscribe. */
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
    .subscribe(channel(redisPrefix))
    .catch((err: Error) => logger.warn({ err: err.message }, 'outbox signal subscribe failed'));
  return () => sub.disconnect();
}
