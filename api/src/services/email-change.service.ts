import type { Actor } from '@oppslag/common';
import type { AppDeps } from '../deps';
import type { UnitOfWork } from '../http/define-handler';
import { endOtherSessions, type UserRow, verifyCurrentPassword } from './auth.service';
import { sendMailSafely } from './invitation.service';
import { guardAttempt, loginLimiter } from './login-limiter.service';
import { mailTemplates } from './mail-templates';
import { getVisibleUser, type UserUpdate, updateUser } from './user.service';

type Ctx = Parameters<typeof guardAttempt>[0];

const WRONG_PASSWORD_FOR_EMAIL = 'Give your current password to change the e-mail address.';

/**
 * A profile update, where a user moving their OWN account to a new address (through
 * `PUT /api/account` or `PUT /api/users/:id`) must give the current password: the address is where
 * resets go, so a stolen token alone would take the account over (ASVS V6.3.7). Then the old
 * address is told and every other session ends. A superadmin changing someone else's address is
 * the administrator's act and needs neither.
 */
export async function updateUserGuarded(
  deps: AppDeps,
  ctx: Ctx,
  uow: UnitOfWork,
  actor: Actor,
  userId: number,
  body: UserUpdate & { currentPassword?: string },
): Promise<UserRow> {
  const { currentPassword, ...changes } = body;
  const before = await getVisibleUser(deps.database.db, actor, userId);
  const ownEmailChange =
    actor.id === userId && changes.email !== undefined && changes.email !== before.email.toLowerCase();
  if (ownEmailChange) {
    // Same budget as sign-in, so a stolen session cannot become a password guesser.
    await guardAttempt(ctx, deps, before.email);
    await verifyCurrentPassword(deps, userId, currentPassword, 'currentPassword', WRONG_PASSWORD_FOR_EMAIL);
    await loginLimiter(deps).succeeded(before.email, ctx.ip);
  }
  const row = await uow(async (tx) => {
    const updated = await updateUser(tx, actor, userId, changes, deps.now());
    return ownEmailChange ? endOtherSessions(tx, userId, ['email']) : updated;
  });
  if (ownEmailChange)
    void sendMailSafely(deps, mailTemplates.emailChanged(before.email, row.language, row.email));
  return row;
}
