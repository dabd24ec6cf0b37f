import type { Tx } from '../db/client';
/**
 * Checks a display's id and API key. The key is compared in constant time (over digests, so its
 * length leaks nothing either), and every failure gives the same answer.
 */
export declare function verifyDisplayKey(
  tx: Tx,
  displayId: string,
  apiKey: string,
  alphabet?: string,
): Promise<{
  id: number;
  apiKeyVersion: number;
  registeredAt: Date | null;
}>;
/** Marks a display registered the first time it registers, and tells consoles. */
export declare function markRegistered(tx: Tx, entityId: number, now: Date): Promise<void>;
