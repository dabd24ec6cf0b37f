import {
  claimUnrelayedEvents,
  type Database,
  type EntityVersions,
  invalidEvents,
  markEventsRelayed,
  type OutboxNotifier,
  oldestUnrelayedEvent,
  outboxLag,
  outboxRelayed,
  purgeRelayedEvents,
  type Queues,
} from '@oppslag/api/core';
import type { EventType } from '@oppslag/common';
import { messageOf } from '@oppslag/common/thrown.ts';
import type { Logger } from 'pino';
import { planRelay } from './relay-plan';

export interface RelayOptions {
  database: Database;
  queues: Queues;
  logger: Logger;
  /** Names of the side effects that want an event type (one `effects` job each). */
  effectsFor?: (type: EventType) => string[];
  /** Rows moved per transaction. */
  batchSize?: number;
  /** How often the sweep looks for rows left behind (Redis down, a crash between add and mark). */
  sweepMs?: number;
  /** Sent rows older than this are deleted (hourly): the outbox is a hand-over, not an archive. */
  retainSentMs?: number;
  /**
   * The entity numbers display polls check instead of PostgreSQL (display-versions.service.ts):
   * raised for every batch moved, and marked current after every pass that completed.
   */
  versions?: EntityVersions;
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The outbox relay: moves unsent `events` rows to the BullMQ `events` queue (jobId = event id) and
 * marks them sent once BullMQ confirmed the add, in one transaction per batch. What Redis loses
 * after that (a restart without persistence, a failover) the gateway's periodic `sync` reveals. Rows are claimed with `for update skip locked`, so
 * several relays never move the same row at once; a crash after the add and before the commit
 * re-adds the same jobId later, which BullMQ ignores while the job is retained, and consumers
 * tolerate beyond that. `notify()` runs a pass at once after a commit; a burst of notifies while a
 * pass runs coalesces into one more pass.
 */
export class OutboxRelay implements OutboxNotifier {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private lastFailureLog = 0;
  private lastPurge = 0;
  private housekeeping: Promise<void> | null = null;
  private readonly batchSize: number;

  constructor(private readonly opts: RelayOptions) {
    this.batchSize = opts.batchSize ?? 200;
  }

  /** Starts the periodic sweep (and one pass now for anything left from before a restart). */
  start(): this {
    this.timer = setInterval(() => {
      this.notify();
      // Housekeeping runs one at a time and is awaited by stop(), so no query outlives the relay.
      if (this.housekeeping) return;
      this.housekeeping = (async () => {
        await this.measureLag();
        if (Date.now() - this.lastPurge > PURGE_EVERY_MS) await this.purge();
      })().finally(() => {
        this.housekeeping = null;
      });
    }, this.opts.sweepMs ?? 1000);
    this.timer.unref();
    this.notify();
    return this;
  }

  notify(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop();
  }

  /** Resolves when no pass is running (tests and shutdown use it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops the sweep and waits for the pass in flight; rows left unsent wait for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.housekeeping;
    await this.idle();
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        const started = Date.now();
        await this.drain();
        // Only a pass that ran to the end vouches for everything committed before it started.
        if (!this.stopped) await this.opts.versions?.markRelayed(started);
      } while (this.again && !this.stopped);
    } catch (err) {
      // Redis or the database is down: the sweep tries again; log at most every 10 s.
      const now = Date.now();
      if (now - this.lastFailureLog > 10_000) {
        this.lastFailureLog = now;
        this.opts.logger.warn({ err: messageOf(err) }, 'outbox relay pass failed; will retry');
      }
    } finally {
      this.running = null;
    }
  }

  /** Publishes the age of the oldest unrelayed event (0 when the outbox is empty). */
  private async measureLag(): Promise<void> {
    try {
      const oldest = (await oldestUnrelayedEvent(this.opts.database.db))?.getTime() ?? null;
      outboxLag.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    } catch {
      // The database is unreachable; the gauge keeps its last value and readiness reports the outage.
    }
  }

  /** Deletes sent events past the retention; returns how many went. */
  async purge(): Promise<number> {
    this.lastPurge = Date.now();
    const retainMs = this.opts.retainSentMs ?? 7 * 24 * 3600 * 1000;
    try {
      return await purgeRelayedEvents(this.opts.database.db, new Date(Date.now() - retainMs));
    } catch (err) {
      this.opts.logger.warn({ err: messageOf(err) }, 'outbox purge failed');
      return 0;
    }
  }

  /** Moves batches until none is full; returns how many events were moved. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const moved = await this.moveBatch();
      outboxRelayed.inc(moved);
      total += moved;
      if (moved < this.batchSize || this.stopped) return total;
    }
  }

  private async moveBatch(): Promise<number> {
    const { database, queues, logger } = this.opts;
    // Never hold row locks (on PGlite: the only connection) while waiting for Redis to come back.
    if (!queues.connected) throw new Error('Redis is not connected');
    return database.db.transaction(async (tx) => {
      // Claim: the row locks keep other relays off these rows until this transaction ends.
      const rows = await claimUnrelayedEvents(tx, this.batchSize);
      if (rows.length === 0) return 0;
      const plan = planRelay(rows, this.opts.effectsFor);
      for (const { row, error } of plan.invalid) {
        invalidEvents.inc({ where: 'relay', type: row.type });
        logger.error({ eventId: row.id, type: row.type, err: error }, 'invalid event not relayed');
      }
      // The events are committed: display polls on every replica stop reusing what they changed.
      // Raised before the events are pushed, so a screen that refetches on a pushed event (or on
      // the gateway's sync after a reconnect) is never answered from a snapshot the event changed.
      await this.opts.versions?.raiseRelayed(rows);
      // The queues are independent of each other: their adds go out together (one round trip
      // instead of one per queue before the gateway's job can start). A failed add rolls back the
      // whole batch, and the adds that did land are found again by their job ids next pass.
      await Promise.all([
        plan.events.length ? queues.queue('events').addBulk(plan.events) : null,
        plan.effects.length ? queues.queue('effects').addBulk(plan.effects) : null,
        ...[...plan.started].map(([queue, bulk]) => queues.queue(queue).addBulk(bulk)),
      ]);
      // Marked only now that BullMQ has confirmed every add; if an add failed we never get here and
      // the rollback leaves the rows for the next pass.
      await markEventsRelayed(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
  }
}
