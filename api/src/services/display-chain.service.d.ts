import type { Db } from '../db/client';
import type { DisplayClaims } from '../lib/tokens';
import { type ChainEntity } from './display-queries';
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
}
/**
 * One query for a display request: the display's chain with each entity's event sequence number,
 * plus the master display's. It is also the token's live check: the entity must still exist, be a
 * display, and have the key version the token was issued for (a regenerated key ends the token).
 */
export declare function loadDisplayChain(
  db: Db,
  claims: DisplayClaims,
  masterId: number | null,
): Promise<DisplayChain>;
