import { CONTENT_SLOTS, type EntityType, type Role } from '@oppslag/common';
import { entities, permissions, users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { hashPassword } from '../services/password.service';

/**
 * Direct database fixtures for tests: rows are inserted without going through the API so a test
 * of one route does not depend on another, and tokens are minted with the app's own TokenService.
 */
export async function createUser(
  deps: AppDeps,
  input: { email: string; password?: string; admin?: boolean; name?: string },
): Promise<{ id: number; email: string; token: string }> {
  // At the test server's configured cost (PASSWORD_HASH_COST=test): the cheapest argon2 accepts.
  const passwordHash = input.password
    ? await hashPassword(input.password, deps.config.passwordHashing)
    : null;
  const [row] = await deps.database.db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      name: input.name ?? null,
      admin: input.admin ?? false,
      passwordHash,
    })
    .returning();
  const token = await deps.tokens.signUser(
    { id: row.id, email: row.email, name: row.name, admin: row.admin },
    row.tokenVersion,
  );
  return { id: row.id, email: row.email, token };
}

export async function createEntity(
  deps: AppDeps,
  input: {
    name: string;
    type: EntityType;
    parentId?: number | null;
    codeWord?: string | null;
    apiKey?: string | null;
    /**
     * Special features switched on. A test installation's system root switches every content slot
     * on (so slides reach the screens below it) unless a test says otherwise.
     */
    features?: string[];
  },
): Promise<{ id: number }> {
  const [row] = await deps.database.db
    .insert(entities)
    .values({
      name: input.name,
      type: input.type,
      parentId: input.parentId ?? null,
      codeWord: input.codeWord ?? null,
      apiKey: input.apiKey ?? null,
      features: input.features ?? (input.type === 'system' ? [...CONTENT_SLOTS] : []),
    })
    .returning({ id: entities.id });
  return row;
}

export async function grant(deps: AppDeps, userId: number, entityId: number, role: Role): Promise<void> {
  await deps.database.db.insert(permissions).values({ userId, entityId, role });
}

/**
 * A small world used by authorization tests: a system root, two sibling organizations each with a
 * group and a display, and one user per role on organization A plus a member of organization B.
 */
export async function createWorld(deps: AppDeps) {
  const root = await createEntity(deps, { name: 'System', type: 'system' });
  const orgA = await createEntity(deps, {
    name: 'Org A',
    type: 'organization',
    parentId: root.id,
    codeWord: 'orga',
  });
  const groupA = await createEntity(deps, { name: 'Group A', type: 'group', parentId: orgA.id });
  const displayA = await createEntity(deps, {
    name: 'Display A',
    type: 'display',
    parentId: groupA.id,
    apiKey: 'key-a',
  });
  const orgB = await createEntity(deps, {
    name: 'Org B',
    type: 'organization',
    parentId: root.id,
    codeWord: 'orgb',
  });
  const displayB = await createEntity(deps, {
    name: 'Display B',
    type: 'display',
    parentId: orgB.id,
    apiKey: 'key-b',
  });
  const superadmin = await createUser(deps, {
    email: 'admin@example.com',
    password: 'admin-password',
    admin: true,
  });
  const owner = await createUser(deps, { email: 'owner@example.com', password: 'owner-password' });
  const administrator = await createUser(deps, {
    email: 'administrator@example.com',
    password: 'administrator-password',
  });
  const moderator = await createUser(deps, {
    email: 'moderator@example.com',
    password: 'moderator-password',
  });
  const sibling = await createUser(deps, { email: 'sibling@example.com', password: 'sibling-password' });
  await grant(deps, owner.id, orgA.id, 'owner');
  await grant(deps, administrator.id, orgA.id, 'administrator');
  await grant(deps, moderator.id, orgA.id, 'moderator');
  await grant(deps, sibling.id, orgB.id, 'owner');
  return {
    entities: { root, orgA, groupA, displayA, orgB, displayB },
    users: { superadmin, owner, administrator, moderator, sibling },
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;
