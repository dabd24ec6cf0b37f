import { type Actor, type Grant, seesResidentData } from '@oppslag/common';
import { getGrants } from './access.service';

/**
 * The rule of common/src/resident-data.ts for one request: `visible(entityId)` answers whether the
 * actor sees residents' SMS data of an entity on `ancestry` (the requested entity first, up to the
 * root), i.e. whether the actor may read that entity itself, not only something below it.
 */
export async function residentDataCheck(
  tx: Parameters<typeof getGrants>[0],
  actor: Actor,
  ancestry: readonly number[],
): Promise<(entityId: number) => boolean> {
  const grants: Grant[] = actor.admin ? [] : await getGrants(tx, actor.id);
  return (entityId) => {
    const at = ancestry.indexOf(entityId);
    return at >= 0 && seesResidentData(actor, grants, ancestry.slice(at));
  };
}
