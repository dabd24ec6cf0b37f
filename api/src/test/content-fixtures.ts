import { eq } from 'drizzle-orm';
import { assets, entities, installation } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { createEntity } from './fixtures';

/** Installs a master display under `rootId` (as the install call does) and returns its id. */
export async function createMasterDisplay(
  deps: AppDeps,
  rootId: number,
  adminUserId: number,
): Promise<number> {
  const master = await createEntity(deps, {
    name: 'Master display',
    type: 'display',
    parentId: rootId,
    apiKey: 'master-key',
  });
  await deps.database.db
    .insert(installation)
    .values({ id: 1, adminUserId, rootEntityId: rootId, masterDisplayId: master.id });
  return master.id;
}

/** An asset row as the upload route leaves it (the file itself is not needed by content tests). */
export async function createAssetRow(deps: AppDeps, entityId: number, hasCropped = false): Promise<number> {
  const [row] = await deps.database.db
    .insert(assets)
    .values({
      entityId,
      name: 'poster.png',
      mime: 'image/png',
      bytes: 1234,
      type: 1,
      storageKey: `test/${entityId}/${Date.now()}`,
      hasCropped,
    })
    .returning({ id: assets.id });
  return row.id;
}

/** Sets entity columns directly (the entities API owns the real route). */
export async function setEntity(
  deps: AppDeps,
  id: number,
  values: Partial<typeof entities.$inferInsert>,
): Promise<void> {
  await deps.database.db.update(entities).set(values).where(eq(entities.id, id));
}
