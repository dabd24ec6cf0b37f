import { randomUUID } from 'node:crypto';
import {
  type AppDeps,
  type ConnectionTimes,
  markPresence,
  presenceKey,
  recordConnections,
} from '@oppslag/api/core';
import { type GatewayServer, type GatewaySocket, rooms } from './identity';

/** A presence mark lives this long unless the heartbeat refreshes it (so a dead node's screens go offline). */
export const PRESENCE_TTL_SECONDS = 30;
export const PRESENCE_HEARTBEAT_MS = 10_000;
/**
 * Connects and disconnects are written in batches: a reconnect storm is thousands of screens a
 * second, and a Redis mark plus a database upsert each was most of a handshake's cost. A batch is
 * written this long after its first change (default: at once, on the next turn of the event loop,
 * so a lone screen is marked as fast as before); while one is being written the next fills up, so
 * the batches grow with the load by themselves.
 */
export const PRESENCE_FLUSH_MS = 0;

/** How long after a failed write of connection times (the database away) they are tried again. */
const RETRY_MS = 5_000;
/** How long `close` waits for disconnects still asking the other nodes whether the screen is gone. */
const CLOSE_WAIT_MS = 2_000;

interface Pending {
  /** The display's state last reported on this node (what its Redis mark must say). */
  online: boolean;
  times: ConnectionTimes;
}

/**
 * Display presence: a Redis key per connected display with a TTL, refreshed by a heartbeat for
 * every display socket on this node, and the connection times screen health shows ("online
 * since" / "offline since"). Consoles following the display's entities (and the superadmin) get a
 * `display.presence` push on connect and on the last disconnect. Presence pushes are not domain
 * events: they carry `seq: 0` and are not part of an entity's sequence.
 *
 * Changes are queued and written together (one Redis pipeline, one upsert; `PRESENCE_FLUSH_MS`),
 * in the order they happened, and on `close()`; a write whose upsert fails keeps its connection
 * times for the next one (a newer time for the same display wins).
 */
export class DisplayPresence {
  private readonly timer: NodeJS.Timeout;
  private readonly flushMs: number;
  private pending = new Map<number, Pending>();
  /** Pushes in the order the changes happened (a screen may come and go within one batch). */
  private pushes: { displayId: number; ancestry: number[]; online: boolean }[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  /** Flushes run one after another, so a later mark never lands before an earlier one. */
  private flushing: Promise<void> = Promise.resolve();
  /** Connection times whose write failed, written with the next batch. */
  private unsaved = new Map<number, ConnectionTimes>();
  /** Disconnect handlers still deciding whether the display is gone (awaited by `close`). */
  private readonly deciding = new Set<Promise<void>>();

  constructor(
    private readonly io: GatewayServer,
    private readonly deps: AppDeps,
    opts: { flushMs?: number } = {},
  ) {
    this.flushMs = opts.flushMs ?? PRESENCE_FLUSH_MS;
    this.timer = setInterval(() => void this.heartbeat(), PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  connected(socket: GatewaySocket): void {
    const identity = socket.data.identity;
    // A console's preview is not the screen: it must not make an unplugged screen look online.
    if (identity.kind !== 'display' || identity.preview) return;
    this.queue(identity.displayId, identity.ancestry, true);
  }

  disconnected(socket: GatewaySocket): Promise<void> {
    const identity = socket.data.identity;
    if (identity.kind !== 'display' || identity.preview) return Promise.resolve();
    const decided = (async () => {
      // Another tab or node may still hold this display.
      const remaining = await this.io
        .in(rooms.display(identity.displayId))
        .fetchSockets()
        .catch(() => []);
      const screen = (s: { id: string; data: { identity: { kind: string; preview?: boolean } } }) =>
        s.id !== socket.id && !s.data.identity.preview;
      if (remaining.some(screen)) return;
      this.queue(identity.displayId, identity.ancestry, false);
    })();
    this.deciding.add(decided);
    void decided.finally(() => this.deciding.delete(decided));
    return decided;
  }

  private queue(displayId: number, ancestry: number[], online: boolean): void {
    const now = this.deps.now();
    const entry = this.pending.get(displayId) ?? { online, times: { displayId } };
    entry.online = online;
    if (online) entry.times.connectedAt = now;
    else entry.times.disconnectedAt = now;
    this.pending.set(displayId, entry);
    this.pushes.push({ displayId, ancestry, online });
    this.schedule(this.flushMs);
  }

  private schedule(delayMs: number): void {
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, delayMs).unref();
  }

  /** Writes every queued change (after the write under way, if any, which it waits for). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    // The batch is taken when its write starts: what queues up meanwhile goes with it.
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    const pushes = this.pushes;
    this.pending = new Map();
    this.pushes = [];
    const { deps } = this;
    if (batch.size) {
      const marks = [...batch].map(([displayId, p]) => ({ displayId, online: p.online }));
      await markPresence(deps.redis, deps.config.redisPrefix, marks, {
        ttlSeconds: PRESENCE_TTL_SECONDS,
      }).catch((err: Error) => deps.logger.warn({ err: err.message }, 'presence mark failed'));
    }
    // After the marks: a console that reads presence on hearing the push finds it already set.
    for (const { displayId, ancestry, online } of pushes) this.push(displayId, ancestry, online);
    // Times a failed write left behind go with this batch; this batch's own are newer and win.
    const times = this.unsaved;
    this.unsaved = new Map();
    for (const [displayId, p] of batch) {
      const older = times.get(displayId);
      times.set(displayId, { ...older, ...p.times });
    }
    if (times.size === 0) return;
    await recordConnections(deps.database.db, [...times.values()]).catch((err: Error) => {
      deps.logger.warn({ err: err.message, displays: times.size }, 'connection times not stored');
      // Kept for the next flush (writes are serial, so nothing newer was taken meanwhile).
      this.unsaved = times;
      this.schedule(RETRY_MS);
    });
  }

  private push(displayId: number, ancestry: number[], online: boolean): void {
    this.io.to([...ancestry.map(rooms.entity), rooms.admin]).emit('display.presence', {
      id: randomUUID(),
      seq: 0 as const,
      entityId: displayId,
      data: { displayId, online },
    });
  }

  /** Refreshes the marks of every display connected to this node, in one pipeline. */
  private async heartbeat(): Promise<void> {
    const ids = new Set<number>();
    for (const socket of this.io.of('/').sockets.values()) {
      const identity = socket.data.identity;
      if (identity?.kind === 'display' && !identity.preview) ids.add(identity.displayId);
    }
    if (ids.size === 0) return;
    const pipeline = this.deps.redis.pipeline();
    for (const id of ids)
      pipeline.set(presenceKey(this.deps.config.redisPrefix, id), '1', 'EX', PRESENCE_TTL_SECONDS);
    await pipeline
      .exec()
      .catch((err: Error) => this.deps.logger.warn({ err: err.message }, 'presence heartbeat failed'));
  }

  /**
   * Stops the heartbeat; then waits for the disconnects being decided (each asks the other nodes,
   * which may not answer a node shutting down: at most `CLOSE_WAIT_MS`) and writes what is queued.
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.deciding]),
      new Promise((resolve) => {
        waited = setTimeout(resolve, CLOSE_WAIT_MS);
      }),
    ]);
    clearTimeout(waited);
    await this.flush();
  }
}
