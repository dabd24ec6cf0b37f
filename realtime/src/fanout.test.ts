import { createWorld, type World } from '@oppslag/api/testing';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type GatewayServer, type GatewaySocket, rooms } from './identity';

type Probe = { id: string };

/** The ids of every `probe` a client receives, in order. */
function probes(client: ClientSocket): string[] {
  const seen: string[] = [];
  client.on('probe' as never, (payload: Probe) => {
    seen.push(payload.id);
  });
  return seen;
}

/** `probe` is not in the catalogue: the tests emit it through an untyped view of the server. */
type Untyped = { emit(event: string, payload: unknown): boolean };
const untyped = (target: unknown) => target as Untyped;

/**
 * The gateway's direct fan-out (`fanout.ts`): a broadcast reaches exactly the members of its rooms,
 * once each, through one write per socket; a socket with engine.io output waiting gets the
 * broadcast behind it, never ahead of it.
 */
describe('direct fan-out', () => {
  let stack: TestStack;
  let w: World;
  let io: GatewayServer;

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
    io = stack.composed.realtime?.io as GatewayServer;
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The server side of the connection a client just made (the newest socket of `kind`). */
  const serverSocketOf = (client: ClientSocket): GatewaySocket => {
    const socket = io.of('/').sockets.get(client.id ?? '');
    if (!socket) throw new Error('no server socket for the client');
    return socket;
  };

  it('reaches exactly the members of the rooms, once each, through one direct write per WebSocket', async () => {
    const { orgA, displayA, displayB } = w.entities;
    const screenA = await stack.connect(await stack.deps.tokens.signDisplay(displayA.id, 0));
    const screenB = await stack.connect(await stack.deps.tokens.signDisplay(displayB.id, 0));
    const moderator = await stack.connect(w.users.moderator.token);
    const superadmin = await stack.connect(w.users.superadmin.token);
    // A screen behind a proxy that blocks WebSocket: long-polling, the ordinary engine.io path.
    const polling = connectClient(stack.url, {
      path: '/socket.io',
      auth: { token: await stack.deps.tokens.signDisplay(displayA.id, 0) },
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise((resolve) => polling.once('connect', () => resolve(null)));
    // The superadmin's socket in both rooms of a console broadcast: it must get it once.
    serverSocketOf(superadmin).join(rooms.entity(orgA.id));
    const seen = {
      screenA: probes(screenA),
      screenB: probes(screenB),
      moderator: probes(moderator),
      superadmin: probes(superadmin),
      polling: probes(polling),
    };
    // A WebSocket screen's engine.io socket is not written through when the direct path is taken.
    const engineWrites = vi.spyOn(serverSocketOf(screenA).conn, 'write');

    untyped(io.to(rooms.entityDisplays(orgA.id))).emit('probe', { id: 'screens of A' });
    untyped(io.to([rooms.admin, rooms.entity(orgA.id)])).emit('probe', { id: 'consoles of A' });
    untyped(io.to(rooms.entityDisplays(w.entities.orgB.id))).emit('probe', { id: 'screens of B' });
    untyped(io).emit('probe', { id: 'everyone' });

    await vi.waitFor(() => {
      for (const list of Object.values(seen)) expect(list).toContain('everyone');
    });
    expect(seen).toEqual({
      screenA: ['screens of A', 'everyone'],
      screenB: ['screens of B', 'everyone'],
      moderator: ['consoles of A', 'everyone'],
      superadmin: ['consoles of A', 'everyone'],
      polling: ['screens of A', 'everyone'],
    });
    expect(engineWrites).not.toHaveBeenCalled();
    engineWrites.mockRestore();
    for (const client of [screenA, screenB, moderator, superadmin, polling]) client.close();
  });

  it('sends a broadcast behind what waits in engine.io’s write buffer, never ahead of it', async () => {
    const screen = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0));
    const seen = probes(screen);
    const conn = serverSocketOf(screen).conn as unknown as {
      writeBuffer: unknown[];
      write(data: string): void;
      transport: { writable: boolean; emit(event: string): void };
    };
    // The transport busy (as while a send is in flight): a packet engine.io is given for this
    // socket (a Socket.IO event, as `Client.writeToEngine` hands it over) waits in the buffer.
    conn.transport.writable = false;
    conn.write('2["probe",{"id":"waiting"}]');
    expect(conn.writeBuffer).toHaveLength(1);
    // A broadcast now (local: the adapter's fan-out runs in this call) must queue behind it.
    untyped(io.local.to(rooms.display(w.entities.displayA.id))).emit('probe', { id: 'broadcast' });
    expect(conn.writeBuffer).toHaveLength(2);
    // The transport free again: engine.io flushes its buffer in order.
    conn.transport.writable = true;
    conn.transport.emit('ready');
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual(['waiting', 'broadcast']);
    screen.close();
  });

  it('holds a burst’s further messages to a socket and writes them in order, behind engine.io’s', async () => {
    const screen = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0));
    const seen = probes(screen);
    const room = rooms.display(w.entities.displayA.id);
    const conn = serverSocketOf(screen).conn as unknown as {
      writeBuffer: unknown[];
      write(data: string): void;
      transport: { writable: boolean };
    };
    // Local broadcasts: the adapter's fan-out runs within each call, all inside one window.
    untyped(io.local.to(room)).emit('probe', { id: 'first' });
    untyped(io.local.to(room)).emit('probe', { id: 'second' });
    // The first two go out at once; the third is held.
    expect(conn.transport.writable).toBe(true);
    untyped(io.local.to(room)).emit('probe', { id: 'third' });
    // Held: the transport is not writable, so engine.io keeps what it is given for the socket.
    expect(conn.transport.writable).toBe(false);
    conn.write('2["probe",{"id":"engine"}]');
    expect(conn.writeBuffer).toHaveLength(1);
    // A broadcast after that goes behind it, through engine.io.
    untyped(io.local.to(room)).emit('probe', { id: 'fourth' });
    expect(conn.writeBuffer).toHaveLength(2);
    await vi.waitFor(() => expect(seen).toHaveLength(5));
    expect(seen).toEqual(['first', 'second', 'third', 'engine', 'fourth']);
    expect(conn.transport.writable).toBe(true);
    screen.close();
  });

  it('writes a held socket’s messages before the socket is cut off', async () => {
    const screen = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0));
    const seen = probes(screen);
    const gone = new Promise((resolve) => screen.once('disconnect', resolve));
    const room = rooms.display(w.entities.displayA.id);
    const transport = (serverSocketOf(screen).conn as unknown as { transport: { writable: boolean } })
      .transport;
    untyped(io.local.to(room)).emit('probe', { id: 'event' });
    untyped(io.local.to(room)).emit('probe', { id: 'next event' });
    untyped(io.local.to(room)).emit('probe', { id: 'last event' });
    expect(transport.writable).toBe(false);
    // As `push` does after an `entity.deleted` or a regenerated key: the screen is disconnected.
    io.local.in(room).disconnectSockets(true);
    await gone;
    expect(seen).toEqual(['event', 'next event', 'last event']);
  });

  it('keeps the offset a recovering client resumes from on the directly written frame', async () => {
    const screen = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0));
    const received: unknown[][] = [];
    screen.on('probe' as never, (...args: unknown[]) => {
      received.push(args);
    });
    untyped(io.to(rooms.display(w.entities.displayA.id))).emit('probe', { id: 'with offset' });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    // The adapter appends the broadcast's offset; the client keeps it as the position it resumes from.
    const [payload, offset] = received[0];
    expect(payload).toEqual({ id: 'with offset' });
    expect(typeof offset).toBe('string');
    expect((screen as unknown as { _lastOffset?: string })._lastOffset).toBe(offset);
    screen.close();
  });
});
