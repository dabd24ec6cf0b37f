import { ServerResponse } from 'node:http';
import type { GatewayServer } from './identity';

/**
 * Lets go of each connection's first HTTP request once the connection is open. Engine.IO keeps it
 * for the connection's whole life twice over: as `request` on its socket, and through the
 * stand-in response it makes for a WebSocket upgrade (`WebSocketResponse.req`, held by a `close`
 * listener on the TCP socket). The request holds its headers, raw headers and stream state: 5 KiB
 * of the ~17 KiB each connected screen cost. The gateway reads none of it afterwards: origins are
 * checked in `allowRequest`, the token comes in the Socket.IO CONNECT packet, and without the
 * request `socket.handshake.headers` is `{}` (Socket.IO's documented memory advice).
 */
export function releaseHandshakeRequests(io: GatewayServer): void {
  const upgrades = new WeakMap<object, { req: unknown }>();
  // Engine.IO hands its middlewares the stand-in response of an upgrade: the only way to reach it.
  io.engine.use((req: object, res: object, next: (err?: Error) => void) => {
    if (!(res instanceof ServerResponse)) upgrades.set(req, res as { req: unknown });
    next();
  });
  io.engine.on('connection', (raw: { request: object | null }) => {
    const upgrade = raw.request ? upgrades.get(raw.request) : undefined;
    if (upgrade) upgrade.req = null;
    raw.request = null;
  });
}
