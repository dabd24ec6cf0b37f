import type { Redis } from 'ioredis';
/**
 * Display presence lives in Redis as one key per display with a TTL: the realtime gateway refreshes
 * it while the display's socket is connected, so a crashed gateway cannot leave a display "online"
 * for longer than the TTL. No key means not online.
 */
export declare const presenceKey: (prefix: string, entityId: number) => string;
/** How long a presence mark lives unless refreshed (the gateway refreshes well inside this). */
export declare const PRESENCE_TTL_SECONDS = 90;
/** Which of the given displays are online. Redis being unreachable reads as "not online", never an error. */
export declare function isOnline(
  redis: Redis,
  prefix: string,
  entityIds: readonly number[],
): Promise<Set<number>>;
/** Marks a display online (or refreshes the mark); `value` may name the gateway node holding the socket. */
export declare function markOnline(
  redis: Redis,
  prefix: string,
  entityId: number,
  opts?: {
    ttlSeconds?: number;
    value?: string;
  },
): Promise<void>;
export declare function markOffline(redis: Redis, prefix: string, entityId: number): Promise<void>;
