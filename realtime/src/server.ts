import type { Server as HttpServer } from 'node:http';
import {
  type AppDeps,
  connectedClients,
  invalidEvents,
  ProcessorRegistry,
  Queues,
  rateLimiter,
  subscribeLimited,
} from '@oppslag/api/core';
import { SUBSCRIBE_LIMIT, SUBSCRIBE_WINDOW_MS, type SyncPayload } from '@oppslag/common';
import { propertyOf } from '@oppslag/common/property-of.ts';
import { messageOf } from '@oppslag/common/thrown.ts';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { handshake, originAllowed, unauthorizedError } from './auth';
import { directFanout } from './fanout';
import { DisplayHealthReports } from './health';
import type { GatewayServer, GatewaySocket } from './identity';
import { releaseHandshakeRequests } from './lean';
import { DisplayPresence } from './presence';
import { createEventPusher } from './push';
import { applyRooms, entityRoomFor, maySubscribe, roomsFor } from './rooms';
import { baselineFor, RoomSync } from './sync';

export interface Realtime {
  io: GatewayServer;
  /** Writes the queued presence marks and connection times now (they are batched; see presence.ts). */
  flushPresence(): Promise<void>;
  /** Disconnects every socket, stops consuming events and closes the Redis connections. */
  close(): Promise<void>;
}

/**
 * The handshake every screen socket holds after the check (Socket.IO builds one per socket: the
 * token, the query, times, the address; about 0.4 KiB a screen that nothing reads). Frozen: shared.
 */
const SCREEN_HANDSHAKE = Object.freeze({
  headers: Object.freeze({}),
  time: '',
  address: '',
  xdomain: false,
  secure: false,
  issued: 0,
  url: '',
  query: Object.freeze({}),
  auth: Object.freeze({}),
});

/** How long a dropped client may come back with its rooms and missed events (connection state recovery). */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/**
 * The Socket.IO gateway, attached to an existing http server at `/socket.io`. Rooms are shared
 * across nodes through the Redis streams adapter; every handshake (also a recovery) runs the token
 * check again, so a revoked token cannot come back through recovery.
 */
export async function startRealtime(
  deps: AppDeps,
  httpServer: HttpServer,
  opts: {
    consumeEvents?: boolean;
    concurrency?: number;
    /** How often rooms hear their latest sequence (default 15 s; tests shorten it). */
    syncIntervalMs?: number;
    /** Events younger than this are left out of the periodic sync (default 2 s). */
    syncGraceMs?: number;
    /** How long a presence change waits to be written with others (default: the next tick; tests lengthen it). */
    presenceFlushMs?: number;
  } = {},
): Promise<Realtime> {
  const { config, logger } = deps;
  const prefix = config.redisPrefix;
  // Auto-pipelining: what the adapter publishes in one tick (a batch of presence pushes, a burst of
  // broadcasts) goes to Redis in one write, not one syscall per XADD. Its blocking XREAD loop (on a
  // duplicate of this client) is left out of pipelines.
  const adapterRedis = new Redis(config.redisUrl, {
    maxRetriesPerRequest: null,
    enableAutoPipelining: true,
    autoPipeliningIgnoredCommands: ['xread'],
  });
  adapterRedis.on('error', (err) => logger.debug({ err: err.message }, 'socket.io adapter redis error'));
  const allowList = [config.publicUrl, ...config.corsOrigins];

  const io: GatewayServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    adapter: directFanout(
      createAdapter(adapterRedis, {
        streamName: `${prefix}:socket.io`,
        sessionKeyPrefix: `${prefix}:sio:session:`,
        channelPrefix: `${prefix}:socket.io`,
        onlyPlaintext: true,
      }),
    ),
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    allowRequest: (req, callback) =>
      callback(null, originAllowed(req.headers.origin, req.headers.host, allowList)),
    cors: {
      origin: (origin, callback) => callback(null, originAllowed(origin, undefined, allowList)),
    },
  });
  releaseHandshakeRequests(io);
  /** Each socket's baselines, read before its `connect` and sent right after it. */
  const baselines = new WeakMap<GatewaySocket, SyncPayload[]>();

  io.use(async (socket, next) => {
    try {
      const found = await handshake(deps, socket.handshake.auth?.token);
      if (!found) return next(unauthorizedError());
      const { identity } = found;
      socket.data.identity = identity;
      // A screen's handshake is never read again (its token: a regenerated key cuts its sockets off
      // by room, a recovery runs this check on the token it sends then; the rest: nothing here
      // reads it): every screen socket shares one empty handshake instead of keeping its own.
      if (identity.kind === 'display') (socket as { handshake: unknown }).handshake = SCREEN_HANDSHAKE;
      // Rooms are joined before the client sees `connect`, so nothing pushed after that is missed;
      // rooms restored by recovery are corrected to what the token allows now.
      const desired = await roomsFor(deps.database.db, identity);
      applyRooms(socket, desired);
      // A screen's baselines came with its chain (one query); a console's are read for its rooms.
      baselines.set(socket, found.baselines ?? (await baselineFor(deps.database.db, identity, desired)));
      next();
    } catch (err) {
      logger.warn({ err: messageOf(err) }, 'socket handshake failed');
      next(Object.assign(new Error('Service unavailable'), { data: { code: 'unavailable' } }));
    }
  });

  const presence = new DisplayPresence(io, deps, { flushMs: opts.presenceFlushMs });
  const health = new DisplayHealthReports(io, deps);
  // One `subscribe` budget per user or screen, whatever the number of its sockets and across every
  // gateway node (issue 28 item 8): opening more sockets buys no more database checks.
  const subscribeBudget = rateLimiter(deps, 'subscribe', {
    points: SUBSCRIBE_LIMIT,
    duration: SUBSCRIBE_WINDOW_MS / 1000,
  });
  const budgetKey = ({ identity }: GatewaySocket['data']) =>
    identity.kind === 'user' ? `user:${identity.userId}` : `display:${identity.displayId}`;
  const kindOf = (socket: GatewaySocket) => (socket.data.identity.kind === 'display' ? 'display' : 'console');

  // The listeners are shared by every socket (called with the socket as `this`), not closures made
  // per connection: thousands of screens each holding their own copies is heap for nothing.
  function onDisconnect(this: GatewaySocket): void {
    connectedClients.dec({ kind: kindOf(this) });
    void presence.disconnected(this);
  }
  async function onSubscribe(this: GatewaySocket, request: unknown, ack: unknown): Promise<void> {
    // Each request reads the database: a client flooding it is answered without a check.
    const allowed = await subscribeBudget.consume(budgetKey(this.data)).then(
      () => true,
      () => false,
    );
    if (!allowed) {
      subscribeLimited.inc();
      if (typeof ack === 'function') ack({ ok: false, error: 'rate_limited' });
      return;
    }
    const entityId = propertyOf(request, 'entityId');
    const ok =
      typeof entityId === 'number' &&
      Number.isSafeInteger(entityId) &&
      (await maySubscribe(deps.database.db, this.data.identity, entityId).catch(() => false));
    if (ok) this.join(entityRoomFor(this.data.identity, entityId));
    if (typeof ack === 'function') ack({ ok });
  }

  io.on('connection', (socket) => {
    connectedClients.inc({ kind: kindOf(socket) });
    void presence.connected(socket);
    health.attach(socket);
    // A recovered connection gets what it missed replayed; a new one needs its baselines.
    if (!socket.recovered) for (const payload of baselines.get(socket) ?? []) socket.emit('sync', payload);
    baselines.delete(socket);
    socket.on('disconnect', onDisconnect);
    socket.on('subscribe', onSubscribe);
  });
  const sync = new RoomSync(io, deps.database.db, {
    intervalMs: opts.syncIntervalMs,
    graceMs: opts.syncGraceMs,
    onError: (err) => logger.debug({ err: err.message }, 'room sync failed'),
  });

  let queues: Queues | null = null;
  let workers: Worker[] = [];
  if (opts.consumeEvents !== false) {
    queues = new Queues({ redisUrl: config.redisUrl, redisPrefix: prefix, logger });
    const push = createEventPusher(io, deps);
    // One job per event in the whole cluster: exactly one gateway node emits it, the adapter fans out.
    // Concurrency 1 keeps each entity's events in sequence order on the wire.
    // The edge: an event whose data does not match the catalogue is logged, counted and not pushed.
    const registry = new ProcessorRegistry((queue, job, err) => {
      const type = String(propertyOf(job.data, 'type') ?? 'unknown');
      invalidEvents.inc({ where: 'gateway', type });
      logger.error({ queue, jobId: job.id, type, err: err.message }, 'invalid event not pushed');
    })
      .register('events', 'event', (event) => push(event))
      .configure('events', { concurrency: opts.concurrency ?? 1 });
    workers = registry.start(queues, 'realtime');
  }

  return {
    io,
    flushPresence: () => presence.flush(),
    async close() {
      await sync.stop();
      await Promise.allSettled(workers.map((w) => w.close()));
      await queues?.close();
      // This node's sockets only: without `local` the adapter tells every node to drop all of
      // theirs, and one node's restart would become a reconnect storm for the whole cluster.
      io.local.disconnectSockets(true);
      // The connects and disconnects still queued are written before the connections close; the
      // disconnects ask the other nodes whether they hold the screen, so the adapter is still up.
      await presence.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      adapterRedis.disconnect();
    },
  };
}
