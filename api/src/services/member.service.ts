import {
  type Actor,
  MAX_SMS_NOTIFICATION_MEMBERS,
  type Member,
  type memberPermissionsSchema,
  type Role,
} from '@oppslag/common';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { entities, permissions, users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { AppError, fieldError, notFound } from '../errors';
import { type PermissionRow, presentMember } from '../presenters/member.presenter';
import { authorizeEntity, requireAdmin } from './access.service';
import { recordEvent } from './events.service';
import { inviteUser } from './invitation.service';

/**
 * Members of an entity: direct permissions and those inherited from ancestors, one row per user.
 * A user's row is the direct permission when there is one, else the nearest ancestor's (spec §4),
 * and an inherited row names the entity it comes from so the console can send the user there.
 */
export async function listMembers(tx: Tx, entityId: number, actor: Actor): Promise<Member[]> {
  const { ancestry } = await authorizeEntity(tx, actor, entityId, 'read');
  const rows = await tx
    .select({ permission: permissions, email: users.email, name: users.name, entityName: entities.name })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .innerJoin(entities, eq(entities.id, permissions.entityId))
    .where(inArray(permissions.entityId, ancestry));
  const nearest = new Map<number, (typeof rows)[number]>();
  for (const r of rows) {
    const seen = nearest.get(r.permission.userId);
    if (!seen || ancestry.indexOf(r.permission.entityId) < ancestry.indexOf(seen.permission.entityId))
      nearest.set(r.permission.userId, r);
  }
  return [...nearest.values()]
    .map((r) => presentMember(r.permission, r, entityId, r.entityName))
    .sort((a, b) => Number(a.inherited) - Number(b.inherited) || a.email.localeCompare(b.email));
}

/**
 * Adds members by e-mail (superadmin; spec §6 "Add member" is admin-only). An unknown address gets
 * an account and an invitation mail; someone already a direct member gets the new role.
 */
export async function addMembers(
  tx: Tx,
  deps: AppDeps,
  entityId: number,
  input: { email: string; role: Role }[],
  actor: Actor,
): Promise<Member[]> {
  await authorizeEntity(tx, actor, entityId, 'read');
  requireAdmin(actor);
  // The same address twice in one request: the last role given wins.
  const byEmail = new Map(input.map((m) => [m.email, m.role]));
  const added: Member[] = [];
  for (const [email, role] of byEmail) {
    const { user } = await inviteUser(tx, deps, email);
    const [previous] = await tx
      .select({ role: permissions.role })
      .from(permissions)
      .where(and(eq(permissions.entityId, entityId), eq(permissions.userId, user.id)));
    const [row] = await tx
      .insert(permissions)
      .values({ entityId, userId: user.id, role })
      .onConflictDoUpdate({ target: [permissions.entityId, permissions.userId], set: { role } })
      .returning();
    await recordEvent(tx, {
      type: 'member.added',
      entityId,
      data: { userId: user.id, role },
      actorId: actor.id,
      // Adding someone already a member changes their role: the history shows from what.
      history: { before: { role: previous?.role ?? null }, after: { role } },
    });
    added.push(presentMember(row, user, entityId, null));
  }
  return added;
}

/** The direct permission of a user on an entity; an inherited or missing one is an error saying which. */
async function directPermission(
  tx: Tx,
  entityId: number,
  ancestry: number[],
  userId: number,
): Promise<PermissionRow> {
  const rows = await tx
    .select({ permission: permissions, entityName: entities.name })
    .from(permissions)
    .innerJoin(entities, eq(entities.id, permissions.entityId))
    .where(and(eq(permissions.userId, userId), inArray(permissions.entityId, ancestry)));
  const direct = rows.find((r) => r.permission.entityId === entityId);
  if (direct) return direct.permission;
  const inherited = rows.sort(
    (a, b) => ancestry.indexOf(a.permission.entityId) - ancestry.indexOf(b.permission.entityId),
  )[0];
  if (inherited)
    throw new AppError(
      'inherited_member',
      `This membership is inherited from ${inherited.entityName}; change or remove it on ${inherited.entityName}`,
      { details: { entityId: inherited.permission.entityId } },
    );
  throw notFound('Member');
}

/** Removes a direct member (superadmin); nobody removes themselves. */
export async function removeMember(tx: Tx, entityId: number, userId: number, actor: Actor): Promise<void> {
  const { ancestry } = await authorizeEntity(tx, actor, entityId, 'read');
  requireAdmin(actor);
  const row = await directPermission(tx, entityId, ancestry, userId);
  if (userId === actor.id)
    throw fieldError('cannot_remove_self', 'You cannot remove yourself from an entity');
  await tx.delete(permissions).where(eq(permissions.id, row.id));
  await recordEvent(tx, {
    type: 'member.removed',
    entityId,
    data: { userId },
    actorId: actor.id,
    history: {
      before: { role: row.role, autoApprove: row.autoApprove, smsNotifications: row.smsNotifications },
    },
  });
}

export type MemberPermissionsInput = z.infer<typeof memberPermissionsSchema>;

/**
 * Toggles autoApprove and smsNotifications of a direct member (superadmin). The entity row is locked
 * first, so concurrent requests count SMS recipients one after another and the limit of 2 holds.
 */
export async function updateMemberPermissions(
  tx: Tx,
  entityId: number,
  userId: number,
  input: MemberPermissionsInput,
  actor: Actor,
): Promise<PermissionRow> {
  const { ancestry } = await authorizeEntity(tx, actor, entityId, 'read');
  requireAdmin(actor);
  await tx.select({ id: entities.id }).from(entities).where(eq(entities.id, entityId)).for('update');
  const current = await directPermission(tx, entityId, ancestry, userId);
  if (input.smsNotifications === true && !current.smsNotifications) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(permissions)
      .where(
        and(
          eq(permissions.entityId, entityId),
          eq(permissions.smsNotifications, true),
          ne(permissions.id, current.id),
        ),
      );
    if (n >= MAX_SMS_NOTIFICATION_MEMBERS)
      throw fieldError(
        'sms_notification_limit',
        `At most ${MAX_SMS_NOTIFICATION_MEMBERS} members of an entity can receive SMS notifications; turn them off for another member first`,
      );
  }
  const [row] = await tx
    .update(permissions)
    .set({
      ...(input.autoApprove !== undefined ? { autoApprove: input.autoApprove } : {}),
      ...(input.smsNotifications !== undefined ? { smsNotifications: input.smsNotifications } : {}),
    })
    .where(eq(permissions.id, current.id))
    .returning();
  await recordEvent(tx, {
    type: 'member.updated',
    entityId,
    data: { userId, autoApprove: row.autoApprove, smsNotifications: row.smsNotifications },
    actorId: actor.id,
    history: { before: { autoApprove: current.autoApprove, smsNotifications: current.smsNotifications } },
  });
  return row;
}
