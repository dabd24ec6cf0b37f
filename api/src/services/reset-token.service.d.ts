import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
export type ResetTokenPurpose = 'reset' | 'invite';
/** How long a link stays valid: 4 hours for a reset (spec §9), a week for an invitation. */
export declare const TOKEN_VALIDITY_MS: Record<ResetTokenPurpose, number>;
export declare const hashResetToken: (token: string) => string;
/** The console page that sets a new password from a token (spec §2 route auth--reset-password-confirm). */
export declare const resetLink: (deps: AppDeps, token: string) => string;
/**
 * Creates a single-use token for setting a password. The token has 256 random bits and only its
 * SHA-256 is stored, so a database leak does not hand out working links.
 */
export declare function issueResetToken(
  tx: Tx,
  deps: AppDeps,
  userId: number,
  purpose: ResetTokenPurpose,
): Promise<string>;
/**
 * Marks a token used and returns its user, or null when it is unknown, used or expired. One
 * conditional UPDATE does the check and the marking, so two concurrent uses cannot both win.
 */
export declare function consumeResetToken(tx: Tx, deps: AppDeps, token: string): Promise<number | null>;
