import type { Tx } from '../db/client';
import { users } from '../db/schema/index';
import type { AppDeps } from '../deps';
export type UserRow = typeof users.$inferSelect;
export declare const INVALID_CREDENTIALS_MESSAGE =
  'Email and password combination not known. Please try again.';
export declare const RESET_CONFIRM_FAILED_MESSAGE = 'Failed to confirm password reset';
export declare const WRONG_PASSWORD_MESSAGE =
  'Failed to update your password. Please confirm you entered the correct current password.';
export declare function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null>;
/** A console JWT for the user as stored now (its token version decides whether it stays valid). */
export declare function signFor(deps: AppDeps, row: UserRow): Promise<string>;
/** Checks e-mail and password; unknown e-mails cost the same argon2 work as known ones. */
export declare function login(deps: AppDeps, email: string, password: string): Promise<string>;
/**
 * Mails a reset link when the account exists. The caller answers the same either way, and the
 * mail goes out without being awaited so the answer's timing does not tell either.
 */
export declare function requestReset(deps: AppDeps, email: string, mayMail: boolean): Promise<void>;
/** Uses a reset or invitation token once; unknown, used and expired tokens all answer the same 400. */
export declare function confirmReset(deps: AppDeps, token: string, newPassword: string): Promise<UserRow>;
/** Changes the signed-in user's password after checking the current one; returns a fresh token. */
export declare function changePassword(
  deps: AppDeps,
  userId: number,
  input: {
    password: string;
    newPassword: string;
  },
): Promise<string>;
/** Replaces a user's password with the given one (superadmin "generate new password"). */
export declare function replacePassword(tx: Tx, userId: number, password: string): Promise<UserRow>;
