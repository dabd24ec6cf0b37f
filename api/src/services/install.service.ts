import { createHmac } from 'node:crypto';
import type { installSchema } from '@oppslag/common';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { entities, installation, users } from '../db/schema/index';
import { unitOfWork } from '../db/unit-of-work';
import type { AppDeps } from '../deps';
import { AppError, fieldError } from '../errors';
import { safeEqual } from '../lib/local-peer';
import { generateApiKey } from './entity.service';
import { recordEvent } from './events.service';

export type InstallationRow = typeof installation.$inferSelect;

export async function getInstallation(tx: Tx): Promise<InstallationRow | null> {
  const [row] = await tx.select().from(installation).where(eq(installation.id, 1));
  return row ?? null;
}

const INSTALL_LOCK_KEY = 7402311;

export const alreadyInstalled = () => fieldError('already_installed', 'The system is already installed');

/**
 * The install token: what an install from another machine must show while the system is
 * uninstalled (from this machine none is needed). Derived from the JWT secret rather than drawn at
 * random, so every API process and replica of one installation knows the same token without
 * shared state; start-up prints it while uninstalled, and once installed nothing accepts it.
 * (An HMAC of a fixed label: it reveals nothing of the secret, and no JWT signs a dot-less text.)
 */
export function installToken(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('oppslag install token').digest('base64url').slice(0, 32);
}

export const INSTALL_TOKEN_MESSAGE =
  'Installing from another machine needs the install token printed when the server started';

/** Refuses (403 `install_token_required`) a remote install whose token is missing or wrong. */
export function checkInstallToken(jwtSecret: string, given: string | undefined, local: boolean): void {
  if (local) return;
  if (given !== undefined && safeEqual(given, installToken(jwtSecret))) return;
  throw new AppError('install_token_required', INSTALL_TOKEN_MESSAGE, {
    fields: [
      { path: 'installToken', code: given ? 'invalid_value' : 'required', message: INSTALL_TOKEN_MESSAGE },
    ],
  });
}

/** The lines start-up prints while the system is uninstalled (the install token), else none. */
export async function installNotice(deps: Pick<AppDeps, 'database' | 'config'>): Promise<string[]> {
  if (await getInstallation(deps.database.db)) return [];
  return [
    `Not installed yet: open ${deps.config.publicUrl}/ to install.`,
    `From another machine the install page asks for this install token: ${installToken(deps.config.jwtSecret)}`,
  ];
}

/** The name of the system entity at the top of the hierarchy (the product's own). */
export const SYSTEM_ROOT_NAME = 'Oppslag';

/**
 * First-time setup: the superadmin, the root entity (type `system`, the top of the hierarchy every
 * organization hangs under), the master display under it, whose content is what /admin/master
 * edits, and — when `organization` is given — the installer's own organization under the root, so
 * the name typed into "Root organization" becomes an organization ready for groups and displays
 * (it used to become the system entity itself, leaving the installer with no organization). A transaction-scoped advisory lock serializes racing
 * installs, and the installation row (primary key 1) is the backstop: exactly one install wins.
 * A caller's unit of work (the demo seed's) holds the install as a savepoint of its own.
 */
export async function install(
  deps: AppDeps,
  input: Pick<z.infer<typeof installSchema>, 'adminEmail'> & { passwordHash: string; organization?: string },
): Promise<{
  admin: typeof users.$inferSelect;
  rootEntity: typeof entities.$inferSelect;
  masterDisplay: typeof entities.$inferSelect;
  organization: typeof entities.$inferSelect | null;
}> {
  return unitOfWork(deps, async (tx) => {
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
