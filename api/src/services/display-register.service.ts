import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { entities } from '../db/schema/index';
import { AppError } from '../errors';
import { decodeDisplayId } from '../lib/hashids';
import { recordEvent } from './events.service';

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const unknownDisplay = () => new AppError('invalid_credentials', 'Unknown display id or API key');

/**
 * Checks a display's id and API key. The key is compared in constant time (over digests, so its
 * length leaks nothing either), and every failure gives the same answer.
 */
export async function verifyDisplayKey(
  tx: Tx,
  displayId: string,
  apiKey: string,
  alphabet?: string,
): Promise<{ id: number; apiKeyVersion: number; registeredAt: Date | null }> {
  const id = decodeDisplayId(displayId, alphabet);
  const [row] =
    id !== null && id > 0 && id <= 2147483647
      ? await tx
          .select({
            id: entities.id,
            type: entities.type,
            deleted: entities.deleted,
            apiKey: entities.apiKey,
            apiKeyVersion: entities.apiKeyVersion,
            registeredAt: entities.registeredAt,
          })
          .from(entities)
          .where(eq(entities.id, id))
      : [];
  const stored = row && !row.deleted && row.type === 'display' && row.apiKey ? row.apiKey : null;
  // Compare even when there is nothing to compare against, so timing does not tell which part failed.
  const same = timingSafeEqual(sha256(stored ?? `\0${apiKey}`), sha256(apiKey));
  if (!stored || !same) throw unknownDisplay();
  return { id: row.id, apiKeyVersion: row.apiKeyVersion, registeredAt: row.registeredAt };
}

/** Marks a display registered the first time it registers, and tells consoles. */
export async function markRegistered(tx: Tx, entityId: number, now: Date): Promise<void> {
  const updated = await tx
    .update(entities)
    .set({ registeredAt: now })
    .where(and(eq(entities.id, entityId), isNull(entities.registeredAt)))
    .returning({ id: entities.id });
  if (updated.length > 0) {
    await recordEvent(tx, {
      type: 'entity.updated',
      entityId,
      data: { id: entityId, changed: ['registered'] },
    });
  }
}
