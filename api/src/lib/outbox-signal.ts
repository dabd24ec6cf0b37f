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
 * events were committed, so they move at once instead of at the next sweep. A lone commit is
 * published at once (end of its tick). Commits that come while a publish is under way are covered
 * by ONE more publish sent when it has been answered: the relay reads everything committed when it
 * wakes, so one message after the last of them moves them all, and under load the publishes (a
 * Redis write each, ~9 % of a webhook's CPU) number at most one per Redis round trip instead of one
 * per commit. A commit is never left without a publish sent after it (a publish already sent may
 * wake the relay before that commit is visible). A failed publish (Redis down) is left to the sweep.
 */
export function redisOutboxPublisher(redis: Redis, redisPrefix: string): () => void {
  const channel = outboxChannel(redisPrefix);
  /** A publish is queued for the end of this tick or sent and not yet answered. */
  let busy = false;
  /** A commit came after the publish under way was queued: one more is owed. */
  let owed = false;
  const send = () => {
    owed = false;
    redis
      .publish(channel, '1')
      .catch(() => undefined)
      .then(() => {
        if (owed) send();
        else busy = false;
      });
  };
  return () => {
    if (busy) {
      owed = true;
      return;
    }
    busy = true;
    queueMicrotask(send);
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
