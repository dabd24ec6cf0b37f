import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './lib/mailer';
import type { Storage } from './lib/storage';
import type { TokenService } from './lib/tokens';

/** Told after a transaction that recorded events commits; the outbox relay moves them to BullMQ. */
export interface OutboxNotifier {
  notify(): void;
}

/**
 * The deps' commit signal (api/src/lib/outbox-signal.ts): a relay in the same process subscribes
 * to it instead of replacing it, so the deps are built once and never patched.
 */
export interface OutboxSignal extends OutboxNotifier {
  /** Calls `listener` on every notify; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Everything the API needs from outside; createApp takes it as an argument so tests build their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  redis: Redis;
  logger: Logger;
  tokens: TokenService;
  mailer: Mailer;
  readonly outbox: OutboxSignal;
  /** Asset files (uploads and their renditions). */
  storage: Storage;
  /** The clock; tests replace it to move time (reset-token expiry, note states). */
  now: () => Date;
}
