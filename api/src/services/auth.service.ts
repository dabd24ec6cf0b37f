import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema/index';
import { unitOfWork } from '../db/unit-of-work';
import type { AppDeps } from '../deps';
import { AppError, invalidField } from '../errors';
import type { PasswordHashCost } from '../lib/password-cost';
import { tokenUserOf } from '../presenters/user.presenter';
import { isDemoPassword } from '../seed/demo-logins';
import { recordEvent } from './events.service';
import { sendMailSafely } from './invitation.service';
import { mailTemplates } from './mail-templates';
import { hashPassword, verifyPassword } from './password.service';
import { checkPasswordContext } from './password-context.service';
import { consumeResetToken, endResetLinks, issueResetToken, resetLink } from './reset-token.service';

export type UserRow = typeof users.$inferSelect;

export const INVALID_CREDENTIALS_MESSAGE = 'Email and password combination not known. Please try again.';
export const DEMO_PASSWORD_MESSAGE =
  'This password is a published demo password and cannot sign in in production. Reset your password.';
export const RESET_CONFIRM_FAILED_MESSAGE = 'Failed to confirm password reset';
export const WRONG_PASSWORD_MESSAGE =
  'Failed to update your password. Please confirm you entered the correct current password.';

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row ?? null;
}

/** A console JWT for the user as stored now (its token version decides whether it stays valid). */
export function signFor(deps: AppDeps, row: UserRow): Promise<string> {
  return deps.tokens.signUser(tokenUserOf(row), row.tokenVersion);
}

/**
 * Checks e-mail and password; unknown e-mails cost the same argon2 work as known ones. In
 * production a demo password (seed/demo-logins.ts) never signs in, even when it is the account's:
 * the demo's accounts keep theirs if a demo database is carried into production, and starting
 * would not tell (the check needs each account's hash). A reset gives the account a real one.
 */
export async function login(deps: AppDeps, email: string, password: string): Promise<string> {
  const row = await findUserByEmail(deps.database.db, email);
  const ok = await verifyPassword(row?.passwordHash, password, deps.config.passwordHashing);
  if (!row || !ok) throw new AppError('invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  if (deps.config.production && isDemoPassword(password))
    throw new AppError('demo_password_refused', DEMO_PASSWORD_MESSAGE);
  return signFor(deps, row);
}

/**
 * Mails a reset link when the account exists. The caller answers the same either way, and known
 * and unknown addresses answer after the same work, one lookup: the token row and the mail are
 * written after the answer, so its timing does not tell whether the account exists (issue 14
 * item 10; the audit measured 8.5 vs 5.9 ms when the token row was written first).
 */
export async function requestReset(deps: AppDeps, email: string, mayMail: boolean): Promise<void> {
  const row = await findUserByEmail(deps.database.db, email);
  if (!row || !mayMail) return;
  void mailResetLink(deps, row).catch((err: Error) =>
    deps.logger.warn({ err: err.message }, 'password reset link not sent'),
  );
}

async function mailResetLink(deps: AppDeps, row: UserRow): Promise<void> {
  const token = await issueResetToken(deps.database.db, deps, row.id, 'reset');
  await sendMailSafely(deps, mailTemplates.reset(row.email, row.language, resetLink(deps, token)));
}

/**
 * Sets a new password and bumps the token version, so every token issued before dies, and ends
 * the user's open reset and invitation links: every password a user gets comes through here.
 */
async function setPassword(tx: Tx, userId: number, passwordHash: string): Promise<UserRow> {
  const now = new Date();
  const [row] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  await endResetLinks(tx, userId, now);
  return row;
}

/**
 * A password the user set themselves (reset, change): besides the REST tokens, the user's open
 * sockets must end, so the gateway hears of it (`user.updated` makes it check them again).
 */
async function setPasswordAndTell(tx: Tx, userId: number, passwordHash: string): Promise<UserRow> {
  const row = await setPassword(tx, userId, passwordHash);
  await recordEvent(tx, {
    type: 'user.updated',
    entityId: null,
    data: { id: userId, fields: ['password'] },
    actorId: userId,
  });
  return row;
}

/** Uses a reset or invitation token once; unknown, used and expired tokens all answer the same 400. */
export async function confirmReset(deps: AppDeps, token: string, newPassword: string): Promise<UserRow> {
  const passwordHash = await hashPassword(newPassword, deps.config.passwordHashing);
  const row = await unitOfWork(deps, async (tx) => {
    const userId = await consumeResetToken(tx, deps, token);
    if (userId === null) return null;
    // Refused here, the transaction rolls back and the link still works for a better password.
    await checkPasswordContext(tx, userId, newPassword, 'newPassword');
    return setPasswordAndTell(tx, userId, passwordHash);
  });
  if (!row) throw new AppError('reset_token_invalid', RESET_CONFIRM_FAILED_MESSAGE);
  return row;
}

/**
 * Checks the signed-in user's current password before a change that could take the account over
 * (password, e-mail); a wrong or missing one answers 400 `wrong_password` on `path`.
 */
export async function verifyCurrentPassword(
  deps: AppDeps,
  userId: number,
  password: string | undefined,
  path = 'password',
  message = WRONG_PASSWORD_MESSAGE,
): Promise<UserRow> {
  // No password given is a missing field ("Skriv inn passordet du bruker nå"), not a wrong one.
  if (!password) throw invalidField({ path, code: 'required' }, 'Give your current password');
  const [current] = await deps.database.db.select().from(users).where(eq(users.id, userId));
  const ok = await verifyPassword(current?.passwordHash, password ?? '', deps.config.passwordHashing);
  if (!current || !ok || password === undefined) {
    throw new AppError('wrong_password', message, {
      fields: [{ path, code: 'wrong_password', message }],
    });
  }
  return current;
}

/** Changes the signed-in user's password after checking the current one; returns a fresh token. */
export async function changePassword(
  deps: AppDeps,
  userId: number,
  input: { password: string; newPassword: string },
): Promise<string> {
  await verifyCurrentPassword(deps, userId, input.password);
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashing);
  const row = await unitOfWork(deps, (tx) => setPasswordAndTell(tx, userId, passwordHash));
  return signFor(deps, row);
}

/**
 * Ends every session of the user but the one the caller signs next (e-mail change): bumps the
 * token version in the caller's transaction and tells the gateway to check the user's sockets.
 */
export async function endOtherSessions(tx: Tx, userId: number, fields: string[]): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  await recordEvent(tx, {
    type: 'user.updated',
    entityId: null,
    data: { id: userId, fields },
    actorId: userId,
  });
  return row;
}

/** Replaces a user's password with the given one (superadmin "generate new password"). */
export async function replacePassword(
  tx: Tx,
  userId: number,
  password: string,
  cost: PasswordHashCost,
): Promise<UserRow> {
  return setPassword(tx, userId, await hashPassword(password, cost));
}
