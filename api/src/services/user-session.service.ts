import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema/index';

/**
 * What a console session is checked against on the realtime handshake: the user still exists and
 * the token's version is still theirs (a password change or logout everywhere raises it).
 */
export async function userTokenState(
  tx: Tx,
  userId: number,
): Promise<{ id: number; admin: boolean; tokenVersion: number } | null> {
  const [row] = await tx
    .select({ id: users.id, admin: users.admin, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
