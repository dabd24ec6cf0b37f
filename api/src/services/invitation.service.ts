import { messageOf } from '@oppslag/common/thrown.ts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import type { MailMessage } from '../lib/mailer';
import { mailTemplates } from './mail-templates';
import { issueResetToken, resetLink } from './reset-token.service';

export interface Invitation {
  user: typeof users.$inferSelect;
  /** True when the account was created now; an existing account is returned as it is, unmailed. */
  created: boolean;
}

/**
 * Sends a mail without failing the caller: an SMTP outage must not undo the membership that was
 * just granted; the invited person can still ask for a reset link later.
 */
export async function sendMailSafely(deps: AppDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.logger.warn({ err: messageOf(err), subject: message.subject }, 'mail not sent');
  }
}

/**
 * Finds the account for `email`, or creates one without a password and mails it a link to choose
 * one (the reset-confirm page, with a 7-day single-use token of purpose 'invite'). Call it inside
 * the caller's transaction, e.g. when adding members by e-mail. The mail goes out before the
 * caller commits; if the caller then rolls back, the link is simply dead (its token row is gone).
 */
export async function inviteUser(tx: Tx, deps: AppDeps, email: string): Promise<Invitation> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalized));
  if (existing) return { user: existing, created: false };
  // A racing invite of the same address ends on the unique index; the loser reads the winner's row.
  const [user] = await tx
    .insert(users)
    .values({ email: normalized, passwordHash: null })
    .onConflictDoNothing()
    .returning();
  if (!user) {
    const [raced] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, normalized));
    return { user: raced, created: false };
  }
  const token = await issueResetToken(tx, deps, user.id, 'invite');
  await sendMailSafely(deps, mailTemplates.invite(user.email, user.language, resetLink(deps, token)));
  return { user, created: true };
}
