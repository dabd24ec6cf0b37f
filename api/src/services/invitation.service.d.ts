import type { Tx } from '../db/client';
import { users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import type { MailMessage } from '../lib/mailer';
export interface Invitation {
  user: typeof users.$inferSelect;
  /** True when the account was created now; an existing account is returned as it is, unmailed. */
  created: boolean;
}
/**
 * Sends a mail without failing the caller: an SMTP outage must not undo the membership that was
 * just granted; the invited person can still ask for a reset link later.
 */
export declare function sendMailSafely(deps: AppDeps, message: MailMessage): Promise<void>;
/**
 * Finds the account for `email`, or creates one without a password and mails it a link to choose
 * one (the reset-confirm page, with a 7-day single-use token of purpose 'invite'). Call it inside
 * the caller's transaction, e.g. when adding members by e-mail. The mail goes out before the
 * caller commits; if the caller then rolls back, the link is simply dead (its token row is gone).
 */
export declare function inviteUser(tx: Tx, deps: AppDeps, email: string): Promise<Invitation>;
