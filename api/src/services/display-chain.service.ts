import type { Db } from '../db/client';
import type { DisplayClaims } from '../lib/tokens';
import { displayTokenInvalid } from '../middleware/display-auth';
import { type ChainEntity, displayQueries } from './display-queries';
import type { MasterScope } from './master.service';

export interface DisplayChain {
  /** The display and its ancestors, display first. */
  chain: ChainEntity[];
  /**
   * Changes whenever anything the display shows may have changed: every domain write records an
   * event that bumps its entity's sequence number (notes, contents, assets, stops, settings), so
   * the sequence numbers of the chain and the master display, with the entities' own update times,
   * name the state of everything the content is built from.
   */
  version: string;
  /** The installation's master display and the entity it hangs under (null before install). */
  master: MasterScope | null;
  /**
   * The event sequence number of every entity the content depends on (the chain and the master
   * display; 0 before an entity's first event), as read before any of the content: what a poll
   * compares with the numbers the relay keeps in Redis (display-versions.service.ts).
   */
  seqs: Map<number, number>;
}

/**
 * One query for a display request: the display's chain with each entity's event sequence number,
 * plus the master display's (found through the installation row in the same query). It is also the token's live check: the entity must still exist, be a
 * display, and have the key version the token was issued for (a regenerated key ends the token).
 */
export async function loadDisplayChain(db: Db, claims: DisplayClaims): Promise<DisplayChain> {
  const rows = await displayQueries.chain(db, claims.entityId);
  const masterRow = rows.find((r) => r.isMaster);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: ChainEntity[] = [];
  const parts: string[] = [];
  let current = byId.get(claims.entityId);
  while (current && chain.length < 65) {
    chain.push(current);
    parts.push(`${current.id}:${current.updatedAt.getTime()}:${current.seq ?? 0}`);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  const display = chain[0];
  if (!display || display.deleted || display.type !== 'display' || display.apiKeyVersion !== claims.kv) {
    throw displayTokenInvalid();
  }
  const master = masterRow ? { masterId: masterRow.id, parentId: masterRow.parentId } : null;
  if (master) parts.push(`m${masterRow?.seq ?? 0}`);
  const seqs = new Map(chain.map((e) => [e.id, e.seq ?? 0]));
  if (masterRow) seqs.set(masterRow.id, masterRow.seq ?? 0);
  return { chain, version: parts.join(','), master, seqs };
}
