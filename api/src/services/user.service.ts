import { type Actor, normalizePhone, type Role, type updateUserSchema } from '@oppslag/common';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { permissions, users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { fieldError, forbidden, invalidField, notFound } from '../errors';
import type { PasswordHashCost } from '../lib/password-cost';
import { isUniqueViolation } from '../lib/pg-errors';
import { replacePassword, type UserRow } from './auth.service';
import { recordEvent } from './events.service';
import { sendMailSafely } from './invitation.service';
import { mailTemplates } from './mail-templates';
import { generatePassword } from './password.service';
import { startPhoneVerification } from './phone-verification.service';

/** Serializes admin-flag removals so two concurrent demotions cannot leave no superadmin. */
const LAST_ADMIN_LOCK_KEY = 7402313;

const emailTaken = () =>
  fieldError('email_taken', 'That e-mail address is already in use', { path: 'email', code: 'taken' });

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
    throw invalidField(
      { path: 'phoneNumber', code: 'invalid_phone', params: { country: country.toUpperCase() } },
      `Phone number is not a valid ${country.toUpperCase()} phone number`,
    );
  }
  return normalized;
}

/**
 * Updates a user's profile in the caller's transaction (the route's unit of work). The actor may
 * update themself; only a superadmin may update others or change the admin flag, and the last
 * superadmin cannot be demoted (the system would lose its admin).
 */
export async function updateUser(
  tx: Tx,
  actor: Actor,
  userId: number,
  input: UserUpdate,
  now: Date,
): Promise<UserRow> {
  if (input.id !== undefined && input.id !== userId)
    throw invalidField({ path: 'id', code: 'path_mismatch' }, 'The id in the body does not match the URL');
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name === '' ? null : input.name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.language !== undefined) changes.language = input.language;
  if (input.admin !== undefined) changes.admin = input.admin;
  if (input.phoneNumber !== undefined) changes.phoneNumber = phoneFrom(input.phoneNumber, input.phoneCountry);
  const current = await getVisibleUser(tx, actor, userId);
  // A new number is unverified until its member types the code sent to it (issue 28 item 5).
  const phoneChanged = changes.phoneNumber !== undefined && changes.phoneNumber !== current.phoneNumber;
  if (phoneChanged) changes.phoneVerifiedAt = null;
  // Forms send back what they loaded, so an unchanged flag is fine; changing it is superadmin-only.
  if (changes.admin !== undefined && changes.admin !== current.admin && !actor.admin)
    throw forbidden('Only a superadmin can change the admin flag', { path: 'admin', code: 'not_allowed' });
  if (changes.email && changes.email !== current.email.toLowerCase()) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, changes.email), ne(users.id, userId)));
    if (taken) throw emailTaken();
  }
  if (current.admin && changes.admin === false) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK_KEY})`);
    const [{ admins }] = await tx.select({ admins: count() }).from(users).where(eq(users.admin, true));
    if (admins <= 1) throw fieldError('last_admin', 'The last superadmin cannot lose the admin flag');
  }
  const [updated] = await tx
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
    .returning()
    .catch((err: unknown) => {
      // The unique e-mail index is the backstop for a concurrent change to the same address.
      if (isUniqueViolation(err, 'users_email_lower_idx')) throw emailTaken();
      throw err;
    });
  await recordEvent(tx, {
    type: 'user.updated',
    entityId: null,
    data: { id: userId, fields: Object.keys(changes) },
    actorId: actor.id,
  });
  if (phoneChanged) await startPhoneVerification(tx, userId, now);
  return updated;
}

/**
 * Superadmin: gives the user a fresh random password in the caller's transaction and returns it
 * once. Their existing sessions end (token version bump), as with any password change. The caller
 * mails it after the commit (`mailNewPassword`).
 */
export async function generateNewPassword(
  tx: Tx,
  actor: Actor,
  userId: number,
  cost: PasswordHashCost,
): Promise<{ row: UserRow; password: string }> {
  if (!actor.admin) throw forbidden('Superadmin only');
  const password = generatePassword();
  await getVisibleUser(tx, actor, userId);
  const updated = await replacePassword(tx, userId, password, cost);
  await recordEvent(tx, {
    type: 'user.updated',
    entityId: null,
    data: { id: userId, fields: ['password'] },
    actorId: actor.id,
  });
  return { row: updated, password };
}

/** Mails a generated password to its user; after the commit, so a rolled-back change sends nothing. */
export async function mailNewPassword(deps: AppDeps, row: UserRow, password: string): Promise<void> {
  await sendMailSafely(
    deps,
    mailTemplates.newPassword(row.email, row.language, password, `${deps.config.publicUrl}/auth/login`),
  );
}
