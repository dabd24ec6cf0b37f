import { createHash, randomBytes } from 'node:crypto';
import { RESET_LINK_VALIDITY_MS } from '@oppslag/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { passwordResetTokens } from '../db/schema/index';
import type { AppDeps } from '../deps';

export type ResetTokenPurpose = 'reset' | 'invite';

/** How long a link stays valid: 4 hours for a reset (spec §9), a week for an invitation. */
export const TOKEN_VALIDITY_MS: Record<ResetTokenPurpose, number> = {
  reset: RESET_LINK_VALIDITY_MS,
  invite: 7 * 24 * 60 * 60 * 1000,
};

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The console page that sets a new password from a token (spec §2 route auth--reset-password-confirm). */
export const resetLink = (deps: AppDeps, token: string) =>
  `${deps.config.publicUrl}/auth/reset-password/${token}`;

/**
 * Creates a single-use token for setting a password. The token has 256 random bits and only its
 * SHA-256 is stored, so a database leak does not hand out working links.
 */
export async function issueResetToken(
  tx: Tx,
  deps: AppDeps,
  userId: number,
  purpose: ResetTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await tx.insert(passwordResetTokens).values({
    userId,
    purpose,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_VALIDITY_MS[purpose]),
    createdAt: now,
  });
  return token;
}

/**
 * Marks a token used and returns its user, or null when it is unknown, used or expired. One
 * conditional UPDATE does the check and the marking, so two concurrent uses cannot both win.
 */
export async function consumeResetToken(tx: Tx, deps: AppDeps, token: string): Promise<number | null> {
  const now = deps.now();
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!row) return null;
  // Any other outstanding link for the same user dies with this one.
  await endResetLinks(tx, row.userId, now);
  return row.userId;
}

/**
 * Ends every reset and invitation link of the user that is still open (issue 28 item 3): called
 * in the transaction of every password a user gets (change, reset, generated one), so a link
 * mailed before the password changed never sets another one after it.
 */
export async function endResetLinks(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
