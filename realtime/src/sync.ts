import { rowsOf, type Tx } from '@oppslag/api/core';
import type { SyncPayload } from '@oppslag/common';
import { asError } from '@oppslag/common/thrown.ts';
import { sql } from 'drizzle-orm';
import { entityOfRoom, type GatewayServer, rooms, type SocketIdentity } from './identity';

/** How often every room hears its latest sequence (ARCHITECTURE "Staleness": at least every 15 s). */
export const SYNC_INTERVAL_MS = 15_000;
/**
 * Events younger than this are left out of a periodic sync: they are most likely still on their
 * way, and announcing them would send clients to REST for nothing.
 */
export const SYNC_GRACE_MS = 2_000;
/** The superadmin follows every entity; its periodic sync covers those with events this recent. */
const ADMIN_RECENT_MS = 5 * 60_000;

const toPayloads = (rows: { entity_id: unknown; seq: unknown }[]): SyncPayload[] =>
  rows.map((r) => ({ entityId: Number(r.entity_id), seq: Number(r.seq) }));

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Exact latest sequences, read in the handshake before the client sees `connect`: the snapshot it
 * fetches after connecting covers everything up to them, so they are its baselines. An entity
 * without events yet is at 0.
 */
export async function baselineFor(db: Tx, identity: SocketIdentity, socketRooms: Iterable<string>) {
  const ids = new Set<number>();
  for (const room of socketRooms) {
    const id = entityOfRoom(room);
    if (id !== null) ids.add(id);
  }
  const admin = identity.kind === 'user' && identity.admin;
  if (!admin && ids.size === 0) return [];
  const result = await db.execute(
    admin
      ? sql`select entity_id, seq from entity_sequences where entity_id <> 0`
      : sql`select entity_id, seq from entity_sequences where entity_id in (${idList([...ids])})`,
  );
  const known = toPayloads(rowsOf(result));
  const seen = new Set(known.map((p) => p.entityId));
  return [...known, ...[...ids].filter((id) => !seen.has(id)).map((entityId) => ({ entityId, seq: 0 }))];
}

/**
 * The periodic `sync`: each node tells the rooms of its own sockets their latest sequence, from
 * PostgreSQL (the truth), so a client whose events Redis lost notices within one interval and
 * fetches a snapshot. Sequences are consecutive per entity, so "latest minus the events of the last
 * `graceMs`" is the latest one that should have arrived by now.
 */
export class RoomSync {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly io: GatewayServer,
    private readonly db: Tx,
    private readonly opts: { intervalMs?: number; graceMs?: number; onError?: (err: Error) => void } = {},
  ) {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().finally(() => (this.running = null));
    }, opts.intervalMs ?? SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  /** One round: every local entity room (both audiences), and the admin room's recent entities. */
  async tick(): Promise<void> {
    const local = this.io.of('/').adapter.rooms;
    const ids = new Set<number>();
    for (const room of local.keys()) {
      const id = entityOfRoom(room);
      if (id !== null) ids.add(id);
    }
    const admin = (local.get(rooms.admin)?.size ?? 0) > 0;
    if (ids.size === 0 && !admin) return;
    const graceMs = this.opts.graceMs ?? SYNC_GRACE_MS;
    const recentMs = admin ? ADMIN_RECENT_MS : 0;
    const wanted = ids.size ? sql`s.entity_id in (${idList([...ids])})` : sql`false`;
    const recent = admin
      ? sql`s.entity_id in (select entity_id from events
          where created_at > now() - make_interval(secs => ${recentMs / 1000}) and entity_id is not null)`
      : sql`false`;
    try {
      const result = await this.db.execute(sql`
        select s.entity_id, s.seq - (
          select count(*) from events e
          where e.entity_id = s.entity_id and e.created_at > now() - make_interval(secs => ${graceMs / 1000})
        ) as seq, ${recent} as recent
        from entity_sequences s
        where s.entity_id <> 0 and (${wanted} or ${recent})`);
      for (const row of rowsOf<{ entity_id: unknown; seq: unknown; recent: unknown }>(result)) {
        const entityId = Number(row.entity_id);
        const targets = [rooms.entity(entityId), rooms.entityDisplays(entityId)];
        if (row.recent === true || row.recent === 't') targets.push(rooms.admin);
        this.io.local.to(targets).emit('sync', { entityId, seq: Number(row.seq) });
      }
    } catch (err) {
      // The database is away: the next round tries again (readiness reports the outage).
      this.opts.onError?.(asError(err));
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
