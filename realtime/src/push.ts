import { type AppDeps, fanoutLatency, getAncestry } from '@oppslag/api/core';
import type { EventEnvelope, EventType, OutboxEvent } from '@oppslag/common';
import { propertyOf } from '@oppslag/common/property-of.ts';
import { type DisplayPush, presentToDisplay } from './audiences';
import { identify } from './auth';
import { type GatewayBroadcast, type GatewayServer, rooms } from './identity';
import { applyRooms, roomsFor } from './rooms';

/**
 * Emits a catalogued event. `DomainEvent` ties each type to its data, which TypeScript cannot follow
 * through a union-typed emit; the one cast lives here.
 */
function emitEvent<T extends EventType>(target: GatewayBroadcast, type: T, payload: EventEnvelope<T>): void {
  (target.emit as (type: string, payload: unknown) => boolean)(type, payload);
}

function emitToDisplays(target: GatewayBroadcast, event: OutboxEvent, push: DisplayPush): void {
  (target.emit as (type: string, payload: unknown) => boolean)(push.type, {
    id: event.id,
    seq: event.seq,
    entityId: event.entityId,
    data: push.data,
  });
}

/**
 * Pushes one domain event to the rooms it concerns, shaped per audience, and keeps room membership
 * in step with the change. It runs once per event in the whole cluster (one BullMQ consumer takes
 * each job), and the Redis adapter carries the emit to the sockets on every node.
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
      const identity = await identify(deps, propertyOf(socket.handshake.auth, 'token'));
      if (identity?.kind !== 'user' || identity.userId !== userId) {
        socket.disconnect(true);
        continue;
      }
      socket.data.identity = identity;
      applyRooms(socket, await roomsFor(db, identity));
    }
  }

  /** An entity moved: screens below it get their new ancestry, users their new reach. */
  async function refreshMoved(entityId: number, parentId: number): Promise<void> {
    const sockets = await io.in([rooms.entity(entityId), rooms.entityDisplays(entityId)]).fetchSockets();
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

  /** Room changes that must happen before the event goes out (whoever gains access sees it). */
  async function before(event: OutboxEvent): Promise<void> {
    if (event.type === 'entity.created' && event.entityId !== null) {
      // Whoever reads the parent reads the new child: let them in before the event goes out.
      const { parentId } = event.data.entity;
      if (parentId === null) return;
      for (const socket of await io.in(rooms.entity(parentId)).fetchSockets())
        if (socket.data.identity.kind === 'user') socket.join(rooms.entity(event.entityId));
    } else if (event.type === 'member.added' || event.type === 'member.updated') {
      await refreshUser(event.data.userId);
    }
  }

  /** Access that ends or moves with the event: after it went out. */
  async function after(event: OutboxEvent): Promise<void> {
    if (event.type === 'entity.apiKeyRegenerated' && event.entityId !== null) {
      // The screen holding the old key is cut off; its token no longer passes the handshake.
      io.in(rooms.display(event.entityId)).disconnectSockets(true);
    } else if (event.type === 'user.updated') {
      await reauthenticateUser(event.data.id);
    } else if (event.type === 'member.removed') {
      await refreshUser(event.data.userId);
    } else if (event.type === 'entity.deleted' && event.entityId !== null) {
      // A deleted screen (or one below a deleted entity) must not keep showing content.
      io.in(rooms.entityDisplays(event.entityId)).disconnectSockets(true);
    } else if (event.type === 'entity.updated' && event.entityId !== null) {
      const parentId = event.data.entity?.parentId ?? event.data.parentId;
      if (event.data.changed.includes('parentId') && parentId != null)
        await refreshMoved(event.entityId, parentId);
    }
  }

  return async function push(event: OutboxEvent): Promise<void> {
    await before(event);
    const { id, seq, entityId } = event;
    // Consoles: every sequenced event goes to its entity's whole console room (what a reader of the
    // entity may read over REST), so no reader sees a gap in its sequence; the superadmin reads all.
    const consoles = entityId === null ? [rooms.admin] : [rooms.admin, rooms.entity(entityId)];
    emitEvent(io.to(consoles), event.type, { id, seq, entityId, data: event.data });

    // Displays: what the screens below the entity show, or a marker that keeps their sequence whole.
    if (entityId !== null) {
      const displays = rooms.entityDisplays(entityId);
      const shaped = presentToDisplay(event);
      if (shaped) emitToDisplays(io.to(displays), event, shaped);
      else io.to(displays).emit('withheld', { id, seq, entityId });
    }
    fanoutLatency.observe(Math.max(0, Date.now() - Date.parse(event.createdAt)) / 1000);
    await after(event);
  };
}
