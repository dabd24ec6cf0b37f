import { type Actor, normalizePhone, type Role, type updateUserSchema } from '@oppslag/common';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { permissions, users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { isUniqueViolation } from '../lib/pg-errors';
import { replacePassword, type UserRow } from './auth.service';
import { recordEvent } from './events.service';
import { sendMailSafely } from './invitation.service';
import { mailTemplates } from './mail-templates';
import { generatePassword } from './password.service';

/** Serializes admin-flag removals so two concurrent demotions cannot leave no superadmin. */
const LAST_ADMIN_LOCK_KEY = 7402313;

export type UserUpdate = z.infer<typeof updateUserSchema>;

export async function listUsers(tx: Tx): Promise<UserRow[]> {
  return tx.select().from(users).orderBy(asc(users.id));
}

/** The user's direct grants (spec §3: a user carries its permissions). */
export async function grantsOf(tx: Tx, userId: number): Promise<{ entityId: number; role: Role }[]> {
  return tx
    .select({ entityId: permissions.entityId, role: permissions.role })
    .from(permissions)
    .where(eq(permissions.userId, userId))
    .orderBy(asc(permissions.entityId));
}

/** A user the actor may see: themself, or anyone for the superadmin; everyone else is 404. */
export async function getVisibleUser(tx: Tx, actor: Actor, userId: number): Promise<UserRow> {
  if (!actor.admin && actor.id !== userId) throw notFound('User');
  const [row] =
    Number.isSafeInteger(userId) && userId > 0 && userId <= 2147483647
      ? await tx.select().from(users).where(eq(users.id, userId))
      : [];
  if (!row) throw notFound('User');
  return row;
}

/** Validates per country (default NO) and stores `00` + calling code + national number; empty → null. */
export function phoneFrom(input: string | null | undefined, country = 'NO'): string | null {
  const normalized = normalizePhone(input, country.toUpperCase());
  if (normalized === undefined) {
    throw badRequest(`Phone number is not a valid ${country.toUpperCase()} phone number`, {
      issues: [{ path: 'phoneNumber', message: 'Invalid phone number' }],
    });
  }
  return normalized;
}

/**
 * Updates a user's profile. The actor may update themself; only a superadmin may update others or
 * change the admin flag, and the last superadmin cannot be demoted (the system would lose its admin).
 */
export async function updateUser(
  deps: AppDeps,
  actor: Actor,
  userId: number,
  input: UserUpdate,
): Promise<UserRow> {
  if (input.id !== undefined && input.id !== userId)
    throw badRequest('The id in the body does not match the URL');
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name === '' ? null : input.name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.language !== undefined) changes.language = input.language;
  if (input.admin !== undefined) changes.admin = input.admin;
  if (input.phoneNumber !== undefined) changes.phoneNumber = phoneFrom(input.phoneNumber, input.phoneCountry);
  const row = await deps.database.db.transaction(async (tx) => {
    const current = await getVisibleUser(tx, actor, userId);
    // Forms send back what they loaded, so an unchanged flag is fine; changing it is superadmin-only.
    if (changes.admin !== undefined && changes.admin !== current.admin && !actor.admin)
      throw forbidden('Only a superadmin can change the admin flag');
    if (changes.email && changes.email !== current.email.toLowerCase()) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, changes.email), ne(users.id, userId)));
      if (taken) throw conflict('conflict', 'That e-mail address is already in use');
    }
    if (current.admin && changes.admin === false) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK_KEY})`);
      const [{ admins }] = await tx.select({ admins: count() }).from(users).where(eq(users.admin, true));
      if (admins <= 1) throw conflict('conflict', 'The last superadmin cannot lose the admin flag');
    }
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: deps.now() })
      .where(eq(users.id, userId))
      .returning()
      .catch((err: unknown) => {
        // The unique e-mail index is the backstop for a concurrent change to the same address.
        if (isUniqueViolation(err, 'users_email_lower_idx'))
          throw conflict('conflict', 'That e-mail address is already in use');
        throw err;
      });
    await recordEvent(tx, {
      type: 'user.updated',
      entityId: null,
      data: { id: userId, fields: Object.keys(changes) },
      actorId: actor.id,
    });
    return updated;
  });
  deps.outbox.notify();
  return row;
}

/**
 * Superadmin: gives the user a fresh random password, mails it to them and returns it once. Their
 * existing sessions end (token version bump), as with any password change.
 */
export async function generateNewPassword(deps: AppDeps, actor: Actor, userId: number): Promise<string> {
  if (!actor.admin) throw forbidden('Superadmin only');
  const password = generatePassword();
  const row = await deps.database.db.transaction(async (tx) => {
    await getVisibleUser(tx, actor, userId);
    const updated = await replacePassword(tx, userId, password, deps.config.passwordHashing);
    await recordEvent(tx, {
      type: 'user.updated',
      entityId: null,
      data: { id: userId, fields: ['password'] },
      actorId: actor.id,
    });
    return updated;
  });
  deps.outbox.notify();
  await sendMailSafely(
    deps,
    mailTemplates.newPassword(row.email, row.language, password, `${deps.config.publicUrl}/auth/login`),
  );
  return password;
}
