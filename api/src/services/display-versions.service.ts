import type { Redis } from 'ioredis';

/**
 * Entity versions in Redis, so that an unchanged display's poll is checked without PostgreSQL
 * (issue 15). Every event bumps its entity's `entity_sequences` row in the writer's transaction
 * (events.service.ts); the outbox relay, once the event is committed and handed to BullMQ, raises
 * `${prefix}:entity-seq:{entityId}` to that sequence number. A display's snapshot remembers the
 * sequence numbers of its chain (and the master display) as PostgreSQL had them *before* the content
 * was read, so it holds every change up to them; a poll may reuse it while, for every one of those
 * entities, the number in Redis is present and not higher. A committed change therefore stops the
 * reuse on every replica as soon as the relay has moved its event.
 *
 * Values only ever go up (a Lua "raise to at least"), and they are PostgreSQL's own durable numbers,
 * so relays running concurrently or out of order, a relay repeating a batch after a crash, and an
 * API seeding a missing key from PostgreSQL can never make an older number reappear; a key lost
 * with Redis (restart without persistence, eviction, expiry) just sends that display to PostgreSQL
 * once, which seeds it again.
 *
 * Liveness: a poll trusts Redis only while `${prefix}:entity-seq:relayed` exists. The relay sets it
 * after each pass that completed, to expire RELAY_BOUND_MS after that pass *started*; so when the
 * key exists, every event committed more than RELAY_BOUND_MS ago has been relayed, and a stopped
 * worker (no relay) sends every poll back to the PostgreSQL check within RELAY_BOUND_MS. That is the
 * bound: normally a change stops the old answer as soon as the relay's pass after its commit ends
 * (the commit signal wakes it at once, the sweep every second); never later than RELAY_BOUND_MS
 * after the commit, whatever happened to the relay.
 */
export const RELAY_BOUND_MS = 5000;

/** An unused entity's number leaves Redis after this (seeded again from PostgreSQL when asked). */
const SEQ_TTL_SECONDS = 7 * 24 * 3600;

/** Redis key of an entity's last relayed (or seeded) event sequence number, under the installation's prefix. */
export const entitySeqKey = (prefix: string, entityId: number) => `${prefix}:entity-seq:${entityId}`;

/** Redis key that exists while the outbox relay is known to be keeping the entity numbers current. */
export const relayedKey = (prefix: string) => `${prefix}:entity-seq:relayed`;

/** Raises each KEYS[i] to at least ARGV[i + 1] (never lowers one); ARGV[1] is the TTL in seconds. */
const RAISE_SCRIPT = `
for i, key in ipairs(KEYS) do
  local want = tonumber(ARGV[i + 1])
  local cur = tonumber(redis.call('GET', key))
  if cur == nil or cur < want then
    redis.call('SET', key, ARGV[i + 1], 'EX', ARGV[1])
  else
    redis.call('EXPIRE', key, ARGV[1])
  end
end
return 0`;

type RaisingRedis = Redis & {
  raiseEntitySeqs(numKeys: number, ...args: (string | number)[]): Promise<number>;
};

function withRaise(redis: Redis): RaisingRedis {
  const r = redis as RaisingRedis;
  if (typeof r.raiseEntitySeqs !== 'function') r.defineCommand('raiseEntitySeqs', { lua: RAISE_SCRIPT });
  return r;
}

/** The relay's and the API's side of the entity numbers of one installation (one Redis prefix). */
export class EntityVersions {
  private readonly redis: RaisingRedis;

  constructor(
    redis: Redis,
    readonly prefix: string,
  ) {
    this.redis = withRaise(redis);
  }

  /**
   * Raises the numbers of the given entities to at least the given sequence numbers: the relay's
   * call for the events it moved (committed), the API's for the numbers it read from PostgreSQL.
   */
  async raise(seqs: ReadonlyMap<number, number>): Promise<void> {
    if (seqs.size === 0) return;
    const keys: string[] = [];
    const values: string[] = [];
    for (const [entityId, seq] of seqs) {
      keys.push(entitySeqKey(this.prefix, entityId));
      values.push(String(seq));
    }
    await this.redis.raiseEntitySeqs(keys.length, ...keys, SEQ_TTL_SECONDS, ...values);
  }

  /** The relay's call: raises each entity of a moved batch to its highest sequence number in it. */
  raiseRelayed(rows: readonly { entityId: number | null; seq: number }[]): Promise<void> {
    const seqs = new Map<number, number>();
    for (const { entityId, seq } of rows) {
      // Events without an entity (system-wide ones) are on no display's chain.
      if (entityId === null) continue;
      if ((seqs.get(entityId) ?? -1) < seq) seqs.set(entityId, seq);
    }
    return this.raise(seqs);
  }

  /**
   * Called by the relay after a pass that completed (everything unsent when it started is relayed):
   * the numbers may be trusted until RELAY_BOUND_MS after `passStartedAt` (this process's clock,
   * turned into a relative TTL, so Redis's clock does not matter).
   */
  async markRelayed(passStartedAt: number, now = Date.now()): Promise<void> {
    const ttl = passStartedAt + RELAY_BOUND_MS - now;
    if (ttl <= 0) return;
    await this.redis.set(relayedKey(this.prefix), '1', 'PX', ttl);
  }
}

/**
 * The numbers a display's sync baselines may not run ahead of (null: no limit). A screen's
 * baselines say "the content you fetch next covers these events"; the content poll may answer from
 * a snapshot while the relay's liveness key holds and Redis has each chain entity's number, and in
 * the window between a commit and the relay's pass those numbers are behind PostgreSQL's. A screen
 * that reconnects in that window would take PostgreSQL's number as its baseline, fetch the older
 * snapshot, and then drop the event the relay pushes as one it already has. Capping the baseline at
 * the Redis number keeps it at or below what the answer it fetches covers (a baseline below only
 * costs one extra fetch when the event arrives). Without the liveness key no snapshot is trusted,
 * and an entity without a number in Redis sends the poll to PostgreSQL: no cap then.
 */
export async function baselineCeilings(
  redis: Redis,
  prefix: string,
  entityIds: readonly number[],
): Promise<Map<number, number> | null> {
  if (entityIds.length === 0) return null;
  // Redis unreachable: the poll cannot use its snapshot either (it reads the same keys), no cap.
  const values = await redis
    .mget(relayedKey(prefix), ...entityIds.map((id) => entitySeqKey(prefix, id)))
    .catch(() => null);
  if (values === null || values[0] === null) return null;
  const ceilings = new Map<number, number>();
  entityIds.forEach((id, i) => {
    const value = values[i + 1];
    if (value !== null && Number.isInteger(Number(value))) ceilings.set(id, Number(value));
  });
  return ceilings;
}

/** Baselines lowered to their ceilings (see `baselineCeilings`). */
export function capBaselines<T extends { entityId: number; seq: number }>(
  baselines: readonly T[],
  ceilings: ReadonlyMap<number, number> | null,
): T[] {
  if (!ceilings) return [...baselines];
  return baselines.map((b) => {
    const max = ceilings.get(b.entityId);
    return max !== undefined && max < b.seq ? { ...b, seq: max } : b;
  });
}
