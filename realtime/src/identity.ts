import type { ClientToServer, ServerToClient } from '@oppslag/common';
import type { BroadcastOperator, RemoteSocket, Server, Socket } from 'socket.io';

/** Who is on the other end of a socket, decided once by the handshake middleware. */
export type SocketIdentity =
  | { kind: 'user'; userId: number; admin: boolean }
  | { kind: 'display'; displayId: number; ancestry: number[]; preview?: boolean };

/** What the gateway keeps on `socket.data` (visible to every node through `fetchSockets`). */
export interface SocketData {
  identity: SocketIdentity;
}

/**
 * Room names; the server alone decides who joins which. An entity has one room per audience, so
 * each audience's payload is encoded once: consoles reading it, and the screens below it.
 */
export const rooms = {
  entity: (id: number) => `entity:${id}`,
  entityDisplays: (id: number) => `entity:${id}:displays`,
  display: (id: number) => `display:${id}`,
  user: (id: number) => `user:${id}`,
  admin: 'admin',
} as const;

/** The entity id of an entity room of either audience, else null. */
export function entityOfRoom(room: string): number | null {
  const match = /^entity:(\d+)(?::displays)?$/.exec(room);
  return match ? Number(match[1]) : null;
}

type InterServer = Record<never, never>;
export type GatewayServer = Server<ClientToServer, ServerToClient, InterServer, SocketData>;
export type GatewaySocket = Socket<ClientToServer, ServerToClient, InterServer, SocketData>;
export type GatewayBroadcast = BroadcastOperator<ServerToClient, SocketData>;
/** A socket on this node or another one (from `fetchSockets`). */
export type AnySocket = GatewaySocket | RemoteSocket<ServerToClient, SocketData>;
