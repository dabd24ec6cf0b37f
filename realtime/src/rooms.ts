import { getAncestry, getGrants, rowsOf, type Tx } from '@oppslag/api/core';
import { can } from '@oppslag/common';
import { sql } from 'drizzle-orm';
import { type AnySocket, rooms, type SocketIdentity } from './identity';

/** Every live entity a user can read: the entities granted to them and everything below those. */
export async function readableEntityIds(db: Tx, userId: number): Promise<number[]> {
  const result = await db.execute(sql`
    with recursive readable(id, depth) as (
      select e.id, 0 from entities e join permissions p on p.entity_id = e.id
      where p.user_id = ${userId} and e.deleted = false
      union
      select c.id, r.depth + 1 from entities c join readable r on c.parent_id = r.id
      where c.deleted = false and r.depth < 64
    )
    select distinct id from readable`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * The rooms a socket belongs in. A display: its own room and the display rooms of its entity and
 * every ancestor (so an organization's event reaches every screen below it, in the display's shape). A user: every entity they can read; the
 * superadmin reads everything and gets it through `admin`, which every push also targets.
 */
export async function roomsFor(db: Tx, identity: SocketIdentity): Promise<string[]> {
  if (identity.kind === 'display') {
    return [rooms.display(identity.displayId), ...identity.ancestry.map(rooms.entityDisplays)];
  }
  if (identity.admin) return [rooms.user(identity.userId), rooms.admin];
  const ids = await readableEntityIds(db, identity.userId);
  return [rooms.user(identity.userId), ...ids.map(rooms.entity)];
}

/** Makes a socket's rooms exactly `desired` (its private room aside), on any node. */
export function applyRooms(socket: AnySocket, desired: readonly string[]): void {
  const want = new Set(desired);
  const stale = [...socket.rooms].filter((room) => room !== socket.id && !want.has(room));
  for (const room of stale) socket.leave(room);
  const missing = desired.filter((room) => !socket.rooms.has(room));
  if (missing.length) socket.join(missing);
}

/** The room a socket follows an entity in: its audience's. */
export const entityRoomFor = (identity: SocketIdentity, entityId: number) =>
  identity.kind === 'display' ? rooms.entityDisplays(entityId) : rooms.entity(entityId);

/** Whether a socket may join an entity's room on request: the same check the REST API makes. */
export async function maySubscribe(db: Tx, identity: SocketIdentity, entityId: number): Promise<boolean> {
  const ancestry = await getAncestry(db, entityId);
  if (!ancestry) return false;
  // A screen only ever follows its own chain, which it already joined.
  if (identity.kind === 'display') return identity.ancestry.includes(entityId);
  const actor = { id: identity.userId, admin: identity.admin };
  const grants = identity.admin ? [] : await getGrants(db, identity.userId);
  return can(actor, 'read', grants, ancestry);
}
