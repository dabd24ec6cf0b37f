import { createWorld, type World } from '@oppslag/api/testing';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GatewaySocket } from './identity';

/**
 * What a connection keeps on the gateway (its heap per connected screen): not the upgrade's HTTP
 * request, and for a screen not its token; a console user's socket keeps its token, which the
 * gateway checks again when the user changes.
 */
describe('per-connection state', () => {
  let stack: TestStack;
  let w: World;

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const serverSocket = (): GatewaySocket => {
    const sockets = [...(stack.composed.realtime?.io.of('/').sockets.values() ?? [])];
    expect(sockets).toHaveLength(1);
    return sockets[0];
  };

  it('lets go of the upgrade request, and of a screen’s token and handshake (one shared by every screen) once it is connected', async () => {
    const token = await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0);
    const client = await stack.connect(token);
    const socket = serverSocket();
    expect(socket.data.identity).toMatchObject({ kind: 'display', displayId: w.entities.displayA.id });
    expect(socket.conn.request).toBeNull();
    expect(socket.handshake.headers).toEqual({});
    expect(socket.handshake.auth).toEqual({});
    // A second screen holds the very same (shared) handshake, not one of its own.
    const other = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayB.id, 0));
    const both = [...(stack.composed.realtime?.io.of('/').sockets.values() ?? [])];
    expect(both).toHaveLength(2);
    expect(both[0].handshake).toBe(both[1].handshake);
    client.close();
    other.close();
    await vi.waitFor(() => expect(stack.composed.realtime?.io.of('/').sockets.size).toBe(0));
  });

  it('keeps a console user’s token (their sockets are checked again when the user changes)', async () => {
    const client = await stack.connect(w.users.owner.token);
    const socket = serverSocket();
    expect(socket.conn.request).toBeNull();
    expect(socket.handshake.auth).toEqual({ token: w.users.owner.token });
    client.close();
  });
});
