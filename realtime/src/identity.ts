import type { DefaultEventsMap, RemoteSocket, Server, Socket } from 'socket.io';

/** Who is on the other end of a socket, decided once by the handshake middleware. */
export type SocketIdentity =
  | { kind: 'user'; userId: number; admin: boolean }
  | { kind: 'display'; displayId: number; ancestry: number[] };

/** What the gateway keeps on `socket.data` (visible to every node through `fetchSockets`). */
export interface SocketData {
  identity: SocketIdentity;
}

/** Room names; the server alone decides who joins which. */
export const rooms = {
  entity: (id: number) => `entity:${id}`,
  display: (id: number) => `display:${id}`,
  user: (id: number) => `user:${id}`,
  admin: 'admin',
  /** Every display socket, so console-only pushes (presence) can skip the screens. */
  displays: 'displays',
} as const;

export type GatewayServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type GatewaySocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
/** A socket on this node or another one (from `fetchSockets`). */
export type AnySocket = GatewaySocket | RemoteSocket<DefaultEventsMap, SocketData>;
