import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { OutboxNotifier, OutboxSignal } from '../deps';

/** The Redis pub/sub channel on which API processes tell worker relays that events were committed. */
export const outboxChannel = (redisPrefix: string) => `${redisPrefix}:outbox:committed`;

/**
 * The commit signal a process's deps carry from construction on (never replaced later). Code that
 * committed events calls `notify()`; an outbox relay in the same process `subscribe`s to it, and
 * `forward` passes the signal on to relays elsewhere (see `redisOutboxPublisher`). A lost signal
 * only delays delivery until the relay's sweep.
 */
export function createOutboxSignal(forward?: () => void): OutboxSignal {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of listeners) listener();
      forward?.();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * When the API runs in a process of its own it tells the worker's relay over Redis pub/sub that
 * events were committed, so they move at once instead of at the next sweep. Several commits in one
 * tick make one message; a failed publish (Redis down) is left to the sweep.
 */
export function redisOutboxPublisher(redis: Redis, redisPrefix: string): () => void {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      redis.publish(outboxChannel(redisPrefix), '1').catch(() => undefined);
    });
  };
}

/**
 * The worker's end of the commit signal: calls `target.notify()` for every message, resubscribing
 * after reconnects; returns an unsubscribe.
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
