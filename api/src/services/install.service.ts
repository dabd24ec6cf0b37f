import type { installSchema } from '@oppslag/common';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { entities, installation, users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { conflict } from '../errors';
import { generateApiKey } from './entity.service';
import { recordEvent } from './events.service';

export type InstallationRow = typeof installation.$inferSelect;

export async function getInstallation(tx: Tx): Promise<InstallationRow | null> {
  const [row] = await tx.select().from(installation).where(eq(installation.id, 1));
  return row ?? null;
}

const INSTALL_LOCK_KEY = 7402311;

export const alreadyInstalled = () => conflict('already_installed', 'The system is already installed');

/** The name of the system entity at the top of the hierarchy (the product's own). */
export const SYSTEM_ROOT_NAME = 'Oppslag';

/**
 * First-time setup: the superadmin, the root entity (type `system`, the top of the hierarchy every
 * organization hangs under), the master display under it, whose content is what /admin/master
 * edits, and — when `organization` is given — the installer's own organization under the root, so
 * the name typed into "Root organization" becomes an organization ready for groups and displays
 * (it used to become the system entity itself, leaving the installer with no organization). A transaction-scoped advisory lock serializes racing
 * installs, and the installation row (primary key 1) is the backstop: exactly one install wins.
 * `outer` lets a caller (the demo seed) run the install inside its own transaction.
 */
export async function install(
  deps: AppDeps,
  input: Pick<z.infer<typeof installSchema>, 'adminEmail'> & { passwordHash: string; organization?: string },
  outer: Tx = deps.database.db,
): Promise<{
  admin: typeof users.$inferSelect;
  rootEntity: typeof entities.$inferSelect;
  masterDisplay: typeof entities.$inferSelect;
  organization: typeof entities.$inferSelect | null;
}> {
  return outer.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK_KEY})`);
    if (await getInstallation(tx)) throw alreadyInstalled();
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.adminEmail));
    const [admin] = existing
      ? await tx
          .update(users)
          .set({
            admin: true,
            passwordHash: input.passwordHash,
            tokenVersion: sql`${users.tokenVersion} + 1`,
          })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({ email: input.adminEmail, passwordHash: input.passwordHash, admin: true })
          .returning();
    const [rootEntity] = await tx
      .insert(entities)
      .values({ name: SYSTEM_ROOT_NAME, type: 'system' })
      .returning();
    const [masterDisplay] = await tx
      .insert(entities)
      .values({ name: 'Master display', type: 'display', parentId: rootEntity.id, apiKey: generateApiKey() })
      .returning();
    const [row] = await tx
      .insert(installation)
      .values({
        id: 1,
        adminUserId: admin.id,
        rootEntityId: rootEntity.id,
        masterDisplayId: masterDisplay.id,
        installedAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw alreadyInstalled();
    const [organization] = input.organization
      ? await tx
          .insert(entities)
          .values({ name: input.organization, type: 'organization', parentId: rootEntity.id })
          .returning()
      : [null];
    await recordEvent(tx, {
      type: 'system.installed',
      entityId: rootEntity.id,
      data: { rootEntityId: rootEntity.id, masterDisplayId: masterDisplay.id },
      actorId: admin.id,
    });
    return { admin, rootEntity, masterDisplay, organization };
  });
}
