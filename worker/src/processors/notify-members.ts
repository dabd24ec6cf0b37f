import { type AppDeps, getAncestry, smsNotificationMembers } from '@oppslag/api/core';
import type { SmsProvider } from '../sms/providers/index';

const NOTIFIED_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Sends one SMS to each SMS-notification member of an entity's chain, in the member's language.
 * A Redis marker per (`key`, member) makes a redelivered event send nothing twice; a failed send
 * clears its marker and throws, so BullMQ retries the job and only the unsent members get it.
 */
export async function notifyChainMembers(
  deps: AppDeps,
  provider: SmsProvider,
  entityId: number,
  key: string,
  text: (language: string) => string,
): Promise<number> {
  const ancestry = await getAncestry(deps.database.db, entityId);
  if (!ancestry) return 0;
  let sent = 0;
  // The same members (at most two, closest first) as the JA/NEI approval requests: one rule.
  for (const member of await smsNotificationMembers(deps.database.db, ancestry)) {
    const marker = `${deps.config.redisPrefix}:sms-notified:${key}:${member.userId}`;
    const fresh = await deps.redis.set(marker, '1', 'EX', NOTIFIED_TTL_SECONDS, 'NX');
    if (!fresh) continue;
    try {
      await provider.send(member.phone, text(member.language));
      sent++;
    } catch (err) {
      await deps.redis.del(marker).catch(() => undefined);
      throw err;
    }
  }
  return sent;
}
