import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { entities, permissions, users } from '../db/schema/index';
import { invalidField } from '../errors';

/**
 * The context a user's new password must not be built from (ASVS V6.2.11): their e-mail address
 * and the names of the boards they are members of and of the organizations and groups right above
 * them (a board member's password is "Solsiden2025" more often than anything else).
 */
export async function passwordContextOf(tx: Tx, userId: number): Promise<{ email: string; names: string[] }> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const parent = alias(entities, 'parent');
  const rows = await tx
    .select({ name: entities.name, type: entities.type, parentName: parent.name, parentType: parent.type })
    .from(permissions)
    .innerJoin(entities, eq(entities.id, permissions.entityId))
    .leftJoin(parent, eq(parent.id, entities.parentId))
    .where(eq(permissions.userId, userId));
  const names = rows.flatMap((r) => [
    ...(r.type === 'system' ? [] : [r.name]),
    ...(r.parentName && r.parentType !== 'system' ? [r.parentName] : []),
  ]);
  return { email: user?.email ?? '', names: [...new Set(names)] };
}

/** Refuses a new password built from the user's context: 400 on `path` with the reason's field code. */
export async function checkPasswordContext(
  tx: Tx,
  userId: number,
  password: string,
  path: string,
): Promise<void> {
  const problem = passwordProblem(password, await passwordContextOf(tx, userId));
  if (problem) throw invalidField({ path, code: problem }, PASSWORD_PROBLEM_MESSAGES[problem]);
}
