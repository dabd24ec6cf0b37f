import type { installSchema } from '@oppslag/common';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { entities, installation, users } from '../db/schema/index';
import type { AppDeps } from '../deps';
export type InstallationRow = typeof installation.$inferSelect;
export declare function getInstallation(tx: Tx): Promise<InstallationRow | null>;
export declare const alreadyInstalled: () => import('../errors').AppError;
/**
 * First-time setup: the superadmin, the root entity (type `system`, named by the installer; it is
 * the top of the hierarchy every organization hangs under) and the master display under it, whose
 * content is what /admin/master edits. A transaction-scoped advisory lock serializes racing
 * installs, and the installation row (primary key 1) is the backstop: exactly one install wins.
 * `outer` lets a caller (the demo seed) run the install inside its own transaction.
 */
export declare function install(
  deps: AppDeps,
  input: Omit<z.infer<typeof installSchema>, 'adminPassword'> & {
    passwordHash: string;
  },
  outer?: Tx,
): Promise<{
  admin: typeof users.$inferSelect;
  rootEntity: typeof entities.$inferSelect;
  masterDisplay: typeof entities.$inferSelect;
}>;
