import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities } from '../db/schema/index';

/**
 * The live displays that have been registered (a screen claimed them): the ones the dark-screen
 * sweep watches. A display never registered has no screen that could go dark.
 */
export async function registeredDisplays(tx: Tx): Promise<{ id: number; name: string }[]> {
  return tx
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(and(eq(entities.type, 'display'), eq(entities.deleted, false), isNotNull(entities.registeredAt)));
}
