import { type AppDeps, fanoutLatency, getAncestry } from '@oppslag/api/core';
import type { OutboxEvent } from '@oppslag/common';
import { identify } from './auth';
import { type AnySocket, type GatewayServer, rooms } from './identity';
import { applyRooms, roomsFor } from './rooms';

/** What every client receives: the event name is the type, the payload this. */
export interface PushPayload {
  id: string;
  seq: number;
  entityId: number | null;
  data: unknown;
}

const toPayload = (event: OutboxEvent, data: unknown = event.data): PushPayload => ({
  id: event.id,
  seq: event.seq,
  entityId: event.entityId,
  data,
});

const numberIn = (value: unknown, key: string): number | null => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
};

/** The entity carried by an entity event (`{ entity, changed }`), or the data itself. */
const entityOf = (data: unknown): unknown =>
  data && typeof data === 'object' && 'entity' in data ? (data as { entity: unknown }).entity : data;

/** The user a membership event is about (`userId`, or `user.id` in a presented member). */
const memberUserId = (data: unknown): number | null => {
  const direct = numberIn(data, 'userId');
  if (direct !== null) return direct;
  const user = data && typeof data === 'object' ? (data as Record<string, unknown>).user : undefined;
  return numberIn(user, 'id');
};

/**
 * Pushes one domain event to the rooms it concerns and keeps room membership in step with the
 * change. It runs once per event in the whole cluster (one BullMQ consumer takes each job), and the
 * Redis adapter carries the emit to the sockets on every node.
 */
export function createEventPusher(io: GatewayServer, deps: AppDeps) {
  const db = deps.database.db;

  async function refreshUser(userId: number): Promise<void> {
    const sockets = await io.in(rooms.user(userId)).fetchSockets();
    if (sockets.length === 0) return;
    const desired = await roomsFor(db, sockets[0].data.identity);
    for (const socket of sockets) applyRooms(socket, desired);
  }

  /**
   * A user changed (password, admin flag, deletion): every socket of theirs runs the handshake
   * check again with its token; a token that no longer passes is cut off, the others get the
   * rooms the user's current rights give.
   */
  async function reauthenticateUser(userId: number): Promise<void> {
    for (const socket of await io.in(rooms.user(userId)).fetchSockets()) {
      const identity = await identify(deps, (socket.handshake.auth as { token?: unknown })?.token);
      if (identity?.kind !== 'user' || identity.userId !== userId) {
        socket.disconnect(true);
        continue;
      }
      socket.data.identity = identity;
      applyRooms(socket, await roomsFor(db, identity));
    }
  }

  async function displaysIn(room: string): Promise<AnySocket[]> {
    const sockets = await io.in(room).fetchSockets();
    return sockets.filter((s) => s.data.identity?.kind === 'display');
  }

  /** An entity moved: screens below it get their new ancestry, users their new reach. */
  async function refreshMoved(entityId: number, parentId: number): Promise<void> {
    const sockets = await io.in(rooms.entity(entityId)).fetchSockets();
    const chain = sockets.length ? await getAncestry(db, entityId) : null;
    const users = new Set<number>();
    for (const socket of sockets) {
      const identity = socket.data.identity;
      if (identity.kind === 'user') {
        users.add(identity.userId);
        continue;
      }
      const at = identity.ancestry.indexOf(entityId);
      if (!chain || at < 0 || identity.ancestry[at + 1] === parentId) continue;
      identity.ancestry = [...identity.ancestry.slice(0, at), ...chain];
      applyRooms(socket, await roomsFor(db, identity));
    }
    for (const userId of users) await refreshUser(userId);
  }

  return async function push(event: OutboxEvent): Promise<void> {
    const payload = toPayload(event);
    // Every sequenced event goes to its entity's whole room, so no reader of the entity sees a gap
    // in its sequence; a command may also name other screens.
    const audience: string[] = [rooms.admin];
    if (event.entityId !== null) audience.push(rooms.entity(event.entityId));
    switch (event.type) {
      case 'display.command': {
        const listed = (event.data as { displayIds?: unknown } | null)?.displayIds;
        if (Array.isArray(listed)) {
          for (const id of listed) if (Number.isInteger(id)) audience.push(rooms.display(id as number));
        }
        break;
      }
      case 'entity.created': {
        // Whoever reads the parent reads the new child: let them in before the event goes out.
        const parentId = numberIn(entityOf(event.data), 'parentId');
        const id = numberIn(entityOf(event.data), 'id') ?? event.entityId;
        if (parentId !== null && id !== null) {
          const sockets = await io.in(rooms.entity(parentId)).fetchSockets();
          for (const socket of sockets)
            if (socket.data.identity?.kind === 'user') socket.join(rooms.entity(id));
        }
        break;
      }
      case 'member.added':
      case 'member.updated': {
        const userId = memberUserId(event.data);
        if (userId !== null) await refreshUser(userId);
        break;
      }
      default:
        break;
    }

    io.to(audience).emit(event.type, payload);
    fanoutLatency.observe(Math.max(0, Date.now() - Date.parse(event.createdAt)) / 1000);

    if (event.type === 'entity.apiKeyRegenerated' && event.entityId !== null) {
      // The screen holding the old key is cut off; its token no longer passes the handshake.
      io.in(rooms.display(event.entityId)).disconnectSockets(true);
    } else if (event.type === 'user.updated') {
      const userId = numberIn(event.data, 'id') ?? numberIn(event.data, 'userId');
      if (userId !== null) await reauthenticateUser(userId);
    } else if (event.type === 'member.removed') {
      const userId = memberUserId(event.data);
      if (userId !== null) await refreshUser(userId);
    } else if (event.type === 'entity.deleted' && event.entityId !== null) {
      // A deleted screen (or one below a deleted entity) must not keep showing content.
      for (const socket of await displaysIn(rooms.entity(event.entityId))) socket.disconnect(true);
    } else if (event.type === 'entity.updated' && event.entityId !== null) {
      const changed = (event.data as { changed?: unknown } | null)?.changed;
      const parentId = numberIn(entityOf(event.data), 'parentId');
      if (Array.isArray(changed) && changed.includes('parentId') && parentId !== null)
        await refreshMoved(event.entityId, parentId);
    }
  };
}
