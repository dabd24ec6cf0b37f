import { type Actor, type Role, type updateUserSchema } from '@oppslag/common';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import { type UserRow } from './auth.service';
export type UserUpdate = z.infer<typeof updateUserSchema>;
export declare function listUsers(tx: Tx): Promise<UserRow[]>;
/** The user's direct grants (spec §3: a user carries its permissions). */
export declare function grantsOf(
  tx: Tx,
  userId: number,
): Promise<
  {
    entityId: number;
    role: Role;
  }[]
>;
/** A user the actor may see: themself, or anyone for the superadmin; everyone else is 404. */
export declare function getVisibleUser(tx: Tx, actor: Actor, userId: number): Promise<UserRow>;
/** Validates per country (default NO) and stores `00` + calling code + national number; empty → null. */
export declare function phoneFrom(input: string | null | undefined, country?: string): string | null;
/**
 * Updates a user's profile in the caller's transaction (the route's unit of work). The actor may
 * update themself; only a superadmin may update others or change the admin flag, and the last
 * superadmin cannot be demoted (the system would lose its admin).
 */
export declare function updateUser(
  tx: Tx,
  actor: Actor,
  userId: number,
  input: UserUpdate,
  now: Date,
): Promise<UserRow>;
/**
 * Superadmin: gives the user a fresh random password in the caller's transaction and returns it
 * once. Their existing sessions end (token version bump), as with any password change. The caller
 * mails it after the commit (`mailNewPassword`).
 */
export declare function generateNewPassword(
  tx: Tx,
  actor: Actor,
  userId: number,
): Promise<{
  row: UserRow;
  password: string;
}>;
/** Mails a generated password to its user; after the commit, so a rolled-back change sends nothing. */
export declare function mailNewPassword(deps: AppDeps, row: UserRow, password: string): Promise<void>;
