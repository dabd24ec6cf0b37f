import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { phoneVerifications, users } from '../db/schema/index';
import { invalidField } from '../errors';
import { queueSms, smsScopeOf } from './sms-outbound.service';
import { smsTexts } from './sms-texts';

/**
 * Verified phone numbers (issue 28 item 5). A member's number answers JA/NEI, makes them an
 * auto-approved sender and receives member SMS only once the member typed the code sent to it:
 * 6 digits, 15 minutes, 5 tries. A number set by anyone (the member or a superadmin) starts
 * unverified and gets a code; only the member, signed in, can confirm it.
 */
export const PHONE_CODE_TTL_MS = 15 * 60_000;
export const PHONE_CODE_MAX_TRIES = 5;

const hashCode = (userId: number, code: string) =>
  createHash('sha256').update(`phone-code:${userId}:${code}`).digest('hex');

/**
 * Opens a confirmation for the user's current number and queues the SMS with the code, both in the
 * caller's transaction (the outbound pipeline: STOP and the member daily limit apply). A new code
 * replaces an open one. Nothing happens for a user without a number.
 */
export async function startPhoneVerification(tx: Tx, userId: number, now: Date): Promise<boolean> {
  const [user] = await tx
    .select({ phone: users.phoneNumber, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.phone) return false;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    userId,
    phone: user.phone,
    codeHash: hashCode(userId, code),
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    attempts: 0,
    createdAt: now,
  };
  await tx
    .insert(phoneVerifications)
    .values(row)
    .onConflictDoUpdate({ target: phoneVerifications.userId, set: row });
  await queueSms(
    tx,
    {
      key: `phone-code:${userId}:${randomUUID()}`,
      kind: 'phone_verification',
      to: user.phone,
      text: smsTexts(user.language === 'en' ? 'en' : 'nb').phoneCode(code),
      scope: await smsScopeOf(tx, null),
    },
    now,
  );
  return true;
}

const WRONG = 'The code is not correct. Check the SMS and try again';
const EXPIRED = 'The code has expired or was tried too many times. Ask for a new code';

export type PhoneConfirmation =
  | { status: 'verified' }
  | { status: 'wrong'; triesLeft: number }
  | { status: 'expired' };

/**
 * Confirms the signed-in user's number with the code. A wrong code counts a try; the fifth wrong
 * try, an expired code and a number changed since the code was sent end the confirmation (ask for
 * a new code). Returns the outcome instead of throwing, so the counted try is committed; the route
 * answers it with `phoneConfirmationError`.
 */
export async function confirmPhone(
  tx: Tx,
  userId: number,
  code: string,
  now: Date,
): Promise<PhoneConfirmation> {
  const [open] = await tx
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .for('update');
  const [user] = await tx.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
  const usable =
    open && user?.phone === open.phone && open.expiresAt > now && open.attempts < PHONE_CODE_MAX_TRIES;
  if (!open || !usable) {
    if (open) await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    return { status: 'expired' };
  }
  if (!timingSafeEqual(Buffer.from(hashCode(userId, code)), Buffer.from(open.codeHash))) {
    const triesLeft = PHONE_CODE_MAX_TRIES - open.attempts - 1;
    if (triesLeft <= 0) await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    else
      await tx
        .update(phoneVerifications)
        .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
        .where(eq(phoneVerifications.userId, userId));
    return triesLeft <= 0 ? { status: 'expired' } : { status: 'wrong', triesLeft };
  }
  await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  await tx
    .update(users)
    .set({ phoneVerifiedAt: now })
    .where(and(eq(users.id, userId), eq(users.phoneNumber, open.phone)));
  return { status: 'verified' };
}

/** The 400 for a confirmation that did not verify (on the `code` field). */
export function phoneConfirmationError(result: Exclude<PhoneConfirmation, { status: 'verified' }>) {
  return result.status === 'wrong'
    ? invalidField({ path: 'code', code: 'wrong_code', params: { triesLeft: result.triesLeft } }, WRONG)
    : invalidField({ path: 'code', code: 'code_expired' }, EXPIRED);
}
