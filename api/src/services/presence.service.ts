import type { Redis } from 'ioredis';

/**
 * Display presence lives in Redis as one key per display with a TTL: the realtime gateway refreshes
 * it while the display's socket is connected, so a crashed gateway cannot leave a display "online"
 * for longer than the TTL. No key means not online.
 */
export const presenceKey = (prefix: string, entityId: number) => `${prefix}:presence:display:${entityId}`;

/** How long a presence mark lives unless refreshed (the gateway refreshes well inside this). */
export const PRESENCE_TTL_SECONDS = 90;

/** Which of the given displays are online. Redis being unreachable reads as "not online", never an error. */
export async function isOnline(
  redis: Redis,
  prefix: string,
  entityIds: readonly number[],
): Promise<Set<number>> {
  const online = new Set<number>();
  if (entityIds.length === 0) return online;
  let values: (string | null)[];
  try {
    values = await redis.mget(...entityIds.map((id) => presenceKey(prefix, id)));
  } catch {
    return online;
  }
  entityIds.forEach((id, i) => {
    if (values[i] !== null) online.add(id);
  });
  return online;
}

/** Marks a display online (or refreshes the mark); `value` may name the gateway node holding the socket. */
export async function markOnline(
  redis: Redis,
  prefix: string,
  entityId: number,
  opts: { ttlSeconds?: number; value?: string } = {},
): Promise<void> {
  await redis.set(
    presenceKey(prefix, entityId),
    opts.value ?? '1',
    'EX',
    opts.ttlSeconds ?? PRESENCE_TTL_SECONDS,
  );
}

export async function markOffline(redis: Redis, prefix: string, entityId: number): Promise<void> {
  await redis.del(presenceKey(prefix, entityId));
}

/**
 * Many displays' marks in one pipeline: online ones set (with the TTL), offline ones removed. The
 * gateway batches the marks of a reconnect storm; a mark each was a Redis round trip per screen.
 */
export async function markPresence(
  redis: Redis,
  prefix: string,
  marks: readonly { displayId: number; online: boolean }[],
  opts: { ttlSeconds?: number } = {},
): Promise<void> {
  if (marks.length === 0) return;
  const pipeline = redis.pipeline();
  for (const { displayId, online } of marks) {
    if (online)
      pipeline.set(presenceKey(prefix, displayId), '1', 'EX', opts.ttlSeconds ?? PRESENCE_TTL_SECONDS);
    else pipeline.del(presenceKey(prefix, displayId));
  }
  const results = await pipeline.exec();
  // A pipeline resolves with each command's own error: a failed command fails the whole mark.
  const failed = results?.find(([err]) => err);
  if (failed?.[0]) throw failed[0];
}
