import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { Socket as NetSocket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adapterInternals,
  broadcastFrame,
  directTarget,
  holdTransport,
  idleSinceHeld,
  openTcp,
  type RecipientSocket,
  releaseTransport,
  transportWritable,
  VERIFIED_VERSIONS,
} from './engine-io-adapter';

/**
 * What `engine-io-adapter.ts` relies on in Socket.IO, engine.io, socket.io-adapter and `ws`
 * (issue 27 item 9): the exact versions it was verified against are the pinned and installed ones,
 * and on a real Socket.IO server (the production adapter, Redis streams) with a real client every
 * private field is there, of the type it reads, and a frame written through it reaches the client
 * in order with what engine.io sends. An upgrade that changes any of this fails here first.
 */

const here = dirname(fileURLToPath(import.meta.url));

/** The version of `name` as Node resolves it from `fromFile` (the copy that module really loads). */
function installed(name: string, fromFile: string): { version: string; file: string } {
  const file = createRequire(fromFile).resolve(name);
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (field(pkg, 'name') === name) return { version: String(field(pkg, 'version')), file };
    } catch {
      // no package.json at this level
    }
  }
  throw new Error(`no package.json for ${name}`);
}

/** A nested field read without types (the point is to check what is really there). */
function field(obj: unknown, ...path: string[]): unknown {
  let o = obj;
  for (const key of path) o = o !== null && typeof o === 'object' ? Reflect.get(o, key) : undefined;
  return o;
}

describe('the pinned Socket.IO stack', () => {
  it('is pinned exactly to the verified versions in realtime/package.json, and those are installed', () => {
    const pkg: unknown = JSON.parse(readFileSync(join(here, '../package.json'), 'utf8'));
    for (const [name, version] of Object.entries(VERIFIED_VERSIONS))
      expect(field(pkg, 'dependencies', name), `realtime/package.json ${name}`).toBe(version);

    const self = join(here, 'server.ts');
    const socketIo = installed('socket.io', self);
    const streams = installed('@socket.io/redis-streams-adapter', self);
    const engineIo = installed('engine.io', socketIo.file);
    expect({
      'socket.io': socketIo.version,
      'engine.io': engineIo.version,
      // Both the server and the Redis streams adapter must load the verified in-memory adapter.
      'socket.io-adapter': installed('socket.io-adapter', socketIo.file).version,
      '@socket.io/redis-streams-adapter': streams.version,
      ws: installed('ws', engineIo.file).version,
    }).toEqual(VERIFIED_VERSIONS);
    expect(installed('socket.io-adapter', streams.file).version).toBe(VERIFIED_VERSIONS['socket.io-adapter']);
  });
});

describe('the private fields on a real Socket.IO server and client', () => {
  let http: HttpServer;
  let redis: Redis;
  let io: Server;
  let client: ClientSocket;
  let socket: RecipientSocket;
  /** The same socket through Socket.IO's public API. */
  let ioSocket: ServerSocket;
  /** Every event the client received, in order. */
  const seen: string[] = [];

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    http = createServer();
    io = new Server(http, {
      adapter: createAdapter(redis, { streamName: `test:engine-io-adapter:${process.pid}:${Date.now()}` }),
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const address = http.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const connected = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
    client = connectClient(`http://127.0.0.1:${address.port}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    client.onAny((event: string, payload: { n: number }) => seen.push(`${event}:${payload.n}`));
    const serverSocket = await connected;
    if (!client.connected) await new Promise((resolve) => client.once('connect', () => resolve(null)));
    // The structural check the direct write's type stands for, field by field.
    expect(field(serverSocket, 'client', 'conn', 'readyState')).toBe('open');
    expect(field(serverSocket, 'client', 'conn', 'upgrading')).toBe(false);
    expect(field(serverSocket, 'client', 'conn', 'writeBuffer')).toEqual([]);
    const transport = field(serverSocket, 'client', 'conn', 'transport');
    expect(field(transport, 'name')).toBe('websocket');
    expect(field(transport, 'writable')).toBe(true);
    expect(transport !== null && typeof transport === 'object' && 'perMessageDeflate' in transport).toBe(
      true,
    );
    expect(field(transport, 'perMessageDeflate')).toBeFalsy();
    expect(typeof field(transport, 'emit')).toBe('function');
    expect(field(transport, 'socket', 'readyState')).toBe(1);
    expect(field(transport, 'socket', '_socket')).toBeInstanceOf(NetSocket);
    if (!isRecipient(serverSocket)) throw new Error('not a Socket.IO socket as the adapter reads it');
    socket = serverSocket;
    ioSocket = serverSocket;
    await ioSocket.join('r');
  });

  afterAll(async () => {
    client?.close();
    await io?.close();
    redis?.disconnect();
  });

  /** The fields checked above are there (the type guard the direct write's casts stood for). */
  function isRecipient(s: unknown): s is RecipientSocket {
    return typeof field(s, 'client', 'conn', 'transport', 'writable') === 'boolean';
  }

  /**
   * Sends `event` to room `r` as a broadcast, delivering it with `deliver` instead of engine.io.
   * The cluster adapter publishes to Redis first and fans out locally after that round trip.
   */
  async function broadcastVia(
    event: string,
    n: number,
    deliver: (socket: RecipientSocket, frame: Buffer) => boolean,
  ): Promise<{ frame: Buffer | null; ordinary: number }> {
    const internals = adapterInternals(io.of('/').adapter);
    let frame: Buffer | null = null;
    let ordinary = 0;
    const fannedOut = new Promise<void>((resolve) =>
      internals.replace(
        (packet, opts) => {
          const encoded = internals.encode(packet, opts);
          frame = broadcastFrame(packet, opts);
          return encoded;
        },
        (opts, callback) => {
          const f = frame;
          for (const room of opts.rooms)
            for (const id of internals.rooms.get(room) ?? []) {
              const member = internals.sockets.get(id);
              if (member && !(f && deliver(member, f))) {
                ordinary++;
                callback(member);
              }
            }
          resolve();
        },
      ),
    );
    try {
      io.to('r').emit(event, { n });
      await fannedOut;
    } finally {
      internals.replace(internals.encode, internals.apply);
    }
    return { frame, ordinary };
  }

  const received = (entry: string) =>
    expect.poll(() => seen.includes(entry), { timeout: 2000, interval: 10 }).toBe(true);

  it('reads the adapter internals the direct fan-out replaces', () => {
    const adapter = io.of('/').adapter;
    expect(typeof field(adapter, '_encode')).toBe('function');
    expect(typeof field(adapter, 'apply')).toBe('function');
    const internals = adapterInternals(adapter);
    expect(internals.rooms.get('r')).toEqual(new Set([client.id]));
    expect(internals.sockets.get(client.id ?? '')).toBe(socket);
    expect(() => adapterInternals({ apply() {} })).toThrow(/adapter internals/);
  });

  it("writes a broadcast's pre-encoded frame to the client's TCP socket directly", async () => {
    const tcp = directTarget(socket);
    expect(tcp).toBe(field(socket, 'client', 'conn', 'transport', 'socket', '_socket'));
    const sent = await broadcastVia('probe', 1, (member, frame) => {
      directTarget(member)?.write(frame);
      return true;
    });
    expect(sent.frame).toBeInstanceOf(Buffer);
    expect(sent.ordinary).toBe(0);
    await received('probe:1');
  });

  it('goes the ordinary way for a socket with outgoing listeners', async () => {
    expect(field(socket, '_anyOutgoingListeners') ?? []).toEqual([]);
    const listener = () => {};
    ioSocket.onAnyOutgoing(listener);
    expect(field(socket, '_anyOutgoingListeners')).toEqual([listener]);
    expect(directTarget(socket)).toBeNull();
    const sent = await broadcastVia('probe', 2, (member) => directTarget(member) !== null);
    expect(sent.ordinary).toBe(1);
    await received('probe:2');
    ioSocket.offAnyOutgoing(listener);
    expect(directTarget(socket)).not.toBeNull();
  });

  it('holds engine.io back while frames are written, then hands it back to flush in order', async () => {
    expect(transportWritable(socket)).toBe(true);
    holdTransport(socket);
    expect(field(socket, 'client', 'conn', 'transport', 'writable')).toBe(false);
    // engine.io is given a packet meanwhile: it waits in its write buffer, not on the wire.
    ioSocket.emit('direct', { n: 3 });
    expect(field(socket, 'client', 'conn', 'writeBuffer')).toHaveLength(1);
    expect(idleSinceHeld(socket)).toBe(false);
    expect(directTarget(socket)).toBeNull();
    // A held frame still goes out first, on the open connection's TCP socket.
    const sent = await broadcastVia('probe', 4, (member, frame) => openTcp(member)?.write(frame) ?? false);
    expect(sent.ordinary).toBe(0);
    releaseTransport(socket);
    await received('direct:3');
    expect(seen.slice(seen.indexOf('probe:4'))).toEqual(['probe:4', 'direct:3']);
    expect(transportWritable(socket)).toBe(true);
    expect(field(socket, 'client', 'conn', 'writeBuffer')).toEqual([]);
    expect(idleSinceHeld(socket)).toBe(true);
  });
});
