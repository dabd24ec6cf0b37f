import type { Tx } from '../db/client';
import type { EntityRow } from '../presenters/entity.presenter';
/**
 * The entity and all its ancestors as full rows, entity first, in one recursive query; null when
 * the entity is missing or deleted. Display reads build on it so they cost one round trip for the
 * whole hierarchy.
 */
export declare function loadChain(tx: Tx, entityId: number): Promise<EntityRow[] | null>;
/** The nearest organization in a chain (the display's own organization), if any. */
export declare const nearestOrganization: <
  T extends {
    type: string;
  },
>(
  chain: readonly T[],
) => T | null;
