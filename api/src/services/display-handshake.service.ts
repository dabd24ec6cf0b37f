import type { Db } from '../db/client';
import { runPrepared } from '../db/prepared';

/**
 * What the realtime gateway needs to let a screen in, in one round trip: the token's live check
 * (the entity exists, is a display, is not deleted, and still has the key version the token was
 * issued for — a regenerated key or a deleted display is refused), its chain up to the root (its
 * rooms) and each chain entity's latest event sequence (its baselines: the content it fetches after
 * connecting covers everything up to them, so they are read together). A reconnect storm is ten
 * thousand of these at once; the three separate reads it replaces (row, ancestry, sequences) were
 * most of the gateway's database time (docs/performance.md, "Reconnect storm").
 *
 * Fixed SQL sent as a named prepared statement (db/prepared.ts).
 */
const SQL = `
  with recursive chain(id, parent_id, deleted, depth) as (
    select id, parent_id, deleted, 0 from entities
    where id = $1 and type = 'display' and api_key_version = $2
    union all
    select e.id, e.parent_id, e.deleted, c.depth + 1 from entities e join chain c on e.id = c.parent_id
    where c.depth < 64
  )
  select c.id, c.deleted, coalesce(s.seq, 0) as seq
  from chain c left join entity_sequences s on s.entity_id = c.id
  order by c.depth`;

export interface DisplayHandshake {
  /** The display and its ancestors, display first (as `getAncestry`). */
  ancestry: number[];
  /** Each chain entity's latest event sequence, 0 before its first event. */
  baselines: { entityId: number; seq: number }[];
}

/** The display's chain and baselines if the token (entity id + key version) is still live, else null. */
export async function loadDisplayHandshake(
  db: Db,
  claims: { entityId: number; kv: number },
): Promise<DisplayHandshake | null> {
  const { entityId, kv } = claims;
  if (!Number.isSafeInteger(entityId) || entityId <= 0 || entityId > 2147483647) return null;
  if (!Number.isSafeInteger(kv) || kv < -2147483648 || kv > 2147483647) return null;
  const rows = await runPrepared<{ id: unknown; deleted: boolean; seq: unknown }>(
    db,
    'display_handshake',
    SQL,
    [entityId, kv],
  );
  if (rows.length === 0 || rows[0].deleted) return null;
  const ancestry = rows.map((r) => Number(r.id));
  return { ancestry, baselines: rows.map((r) => ({ entityId: Number(r.id), seq: Number(r.seq) })) };
}
