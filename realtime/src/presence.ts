import { randomUUID } from 'node:crypto';
import { type AppDeps, markOffline, markOnline, presenceKey, recordConnection } from '@oppslag/api/core';
import { type GatewayServer, type GatewaySocket, rooms } from './identity';

/** A presence mark lives this long unless the heartbeat refreshes it (so a dead node's screens go offline). */
export const PRESENCE_TTL_SECONDS = 30;
export const PRESENCE_HEARTBEAT_MS = 10_000;

/**
 * Display presence: a Redis key per connected display with a TTL, refreshed by a heartbeat for
 * every display socket on this node. Consoles following the display's entities (and the
 * superadmin) get a `display.presence` push on connect and on the last disconnect. Presence pushes
 * are not domain events: they carry `seq: 0` and are not part of an entity's sequence.
 */
export class DisplayPresence {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly io: GatewayServer,
    private readonly deps: AppDeps,
  ) {
    this.timer = setInterval(() => void this.heartbeat(), PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  async connected(socket: GatewaySocket): Promise<void> {
    const identity = socket.data.identity;
    // A console's preview is not the screen: it must not make an unplugged screen look online.
    if (identity.kind !== 'display' || identity.preview) return;
    await markOnline(this.deps.redis, this.deps.config.redisPrefix, identity.displayId, {
      ttlSeconds: PRESENCE_TTL_SECONDS,
    }).catch((err: Error) => this.deps.logger.warn({ err: err.message }, 'presence mark failed'));
    this.push(identity.displayId, identity.ancestry, true);
    // Screen health shows "online since" / "offline since" from these.
    await recordConnection(this.deps.database.db, identity.displayId, true, this.deps.now()).catch(
      (err: Error) => this.deps.logger.warn({ err: err.message }, 'connection time not stored'),
    );
  }

  async disconnected(socket: GatewaySocket): Promise<void> {
    const identity = socket.data.identity;
    if (identity.kind !== 'display' || identity.preview) return;
    // Another tab or node may still hold this display.
    const remaining = await this.io
      .in(rooms.display(identity.displayId))
      .fetchSockets()
      .catch(() => []);
    const screen = (s: { id: string; data: { identity: { kind: string; preview?: boolean } } }) =>
      s.id !== socket.id && !s.data.identity.preview;
    if (remaining.some(screen)) return;
    await markOffline(this.deps.redis, this.deps.config.redisPrefix, identity.displayId).catch(
      () => undefined,
    );
    this.push(identity.displayId, identity.ancestry, false);
    await recordConnection(this.deps.database.db, identity.displayId, false, this.deps.now()).catch(
      (err: Error) => this.deps.logger.warn({ err: err.message }, 'connection time not stored'),
    );
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

  stop(): void {
    clearInterval(this.timer);
  }
}
