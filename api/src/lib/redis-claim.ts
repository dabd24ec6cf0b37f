// One installation per REDIS_PREFIX. Every Redis key and BullMQ queue of an installation lives under
// its prefix (live events, presence, transit, weather back-off, SMS jobs); two installations on one
// prefix would take each other's jobs and see each other's screens. So an installation claims its
// prefix: `<prefix>:installation` holds its id (from the database's `instance` row), and every
// process of the installation refreshes `<prefix>:installation:alive` while it runs. A process
// of another installation that finds the prefix claimed refuses to start, naming REDIS_PREFIX.
// A claim whose installation has been silent for longer than the alive TTL (it is stopped, or its
// database was deleted) is taken over, and that installation's keys are deleted with it, so
// nothing of it reaches the new one; should the old installation start again, it refuses.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { instance } from '../db/schema/index';

export const ALIVE_TTL_MS = 60_000;
const BEAT_MS = 15_000;

export const claimKeys = (prefix: string) => ({
  owner: `${prefix}:installation`,
  alive: `${prefix}:installation:alive`,
});

/** Thrown (code `redis_prefix_taken`) when another live installation holds the prefix. */
export class RedisPrefixTakenError extends Error {
  readonly code = 'redis_prefix_taken';
  constructor(
    readonly prefix: string,
    readonly owner: string,
    readonly mine: string,
  ) {
    super(
      `REDIS_PREFIX "${prefix}" is in use by another Oppslag installation (${owner}; this one is ${mine}) ` +
        `on the same Redis. Each installation needs its own prefix: set REDIS_PREFIX to a value no other ` +
        `installation uses (e.g. REDIS_PREFIX=oppslag-${mine.slice(0, 8)}).`,
    );
  }
}

/** This installation's id, created once in the database (racing first starts keep one). */
export async function installationId(database: Database): Promise<string> {
  await database.db
    .insert(instance)
    .values({ id: 1, instanceId: randomUUID() })
    .onConflictDoNothing({ target: instance.id });
  const [row] = await database.db.select().from(instance).where(eq(instance.id, 1));
  return row.instanceId;
}

// Atomic steps, so two starters cannot both win. KEYS: owner, alive. ARGV: id, ttl ms.
// Returns the owner after the attempt: our id means claimed (fresh, ours already, or taken over).
const CLAIM = `
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] or not owner then
  redis.call('SET', KEYS[1], ARGV[1])
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
  return {ARGV[1], owner or ''}
end
if redis.call('EXISTS', KEYS[2]) == 1 then return {owner, owner} end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
return {ARGV[1], owner}`;

// The heartbeat refreshes only a claim that is still ours (and restores one a Redis restart lost).
const BEAT = `
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return owner end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`;

/** Deletes every key under `prefix:` except the claim itself (a taken-over installation's leftovers). */
async function clearPrefix(redis: Redis, prefix: string): Promise<number> {
  const keep = new Set(Object.values(claimKeys(prefix)));
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    const doomed = keys.filter((k) => !keep.has(k));
    if (doomed.length) deleted += await redis.del(...doomed);
  } while (cursor !== '0');
  return deleted;
}

export interface RedisClaim {
  stop(): void;
}

/**
 * Claims `prefix` for installation `id` or throws RedisPrefixTakenError; then keeps the claim alive.
 * Should the claim be lost while running (another installation took it over after a long Redis
 * silence), `onLost` is called: the process must stop rather than mix with the other one.
 */
export async function claimRedisPrefix(opts: {
  redis: Redis;
  prefix: string;
  id: string;
  logger: Logger;
  onLost(err: RedisPrefixTakenError): void;
}): Promise<RedisClaim> {
  const { redis, prefix, id, logger } = opts;
  const keys = claimKeys(prefix);
  const [owner, previous] = (await redis.eval(CLAIM, 2, keys.owner, keys.alive, id, ALIVE_TTL_MS)) as [
    string,
    string,
  ];
  if (owner !== id) throw new RedisPrefixTakenError(prefix, owner, id);
  if (previous && previous !== id) {
    const deleted = await clearPrefix(redis, prefix);
    logger.warn(
      { prefix, previous, deleted },
      `REDIS_PREFIX "${prefix}" belonged to installation ${previous}, silent for over ${ALIVE_TTL_MS / 1000} s; taken over and its ${deleted} keys removed`,
    );
  }
  const beat = setInterval(() => {
    redis.eval(BEAT, 2, keys.owner, keys.alive, id, ALIVE_TTL_MS).then(
      (now) => {
        if (now !== id) opts.onLost(new RedisPrefixTakenError(prefix, String(now), id));
      },
      () => undefined, // Redis is down: the next beat tries again
    );
  }, BEAT_MS);
  beat.unref();
  return { stop: () => clearInterval(beat) };
}

const held = new WeakMap<Redis, RedisClaim>();

/**
 * What a process that opens its own database does at start: claim the prefix for the database's
 * installation id. With Redis up this settles before the process serves anything (a refusal
 * throws); with Redis down the claim is made as soon as it answers, and a refusal then, like a
 * claim lost later, ends the process: it must never run on another installation's keys.
 */
export async function holdRedisPrefix(database: Database, redis: Redis, prefix: string, logger: Logger) {
  const id = await installationId(database);
  const lost = (err: RedisPrefixTakenError) => {
    logger.fatal({ code: err.code, prefix }, err.message);
    process.exit(1);
  };
  const claim = () => claimRedisPrefix({ redis, prefix, id, logger, onLost: lost });
  const ready = () =>
    new Promise<boolean>((resolve) => {
      if (redis.status === 'ready') return resolve(true);
      const timer = setTimeout(() => resolve(false), 5000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  if (await ready()) {
    held.set(redis, await claim());
    return;
  }
  logger.warn({ prefix }, 'Redis does not answer yet; REDIS_PREFIX is claimed once it does');
  redis.once('ready', () => {
    claim().then(
      (c) => held.set(redis, c),
      (err) =>
        err instanceof RedisPrefixTakenError ? lost(err) : logger.warn({ err: err.message }, 'claim failed'),
    );
  });
}

/** Stops refreshing the claim (closeDeps); the claim itself stays: it names the installation. */
export function releaseRedisPrefix(redis: Redis): void {
  held.get(redis)?.stop();
}
