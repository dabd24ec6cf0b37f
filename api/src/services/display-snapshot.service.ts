import type { Redis } from 'ioredis';
import type { BuiltContent } from './display-content.service';
import { entitySeqKey, relayedKey } from './display-versions.service';

/** A display's content as built at one version: the answer's bytes, its ETag, until when it holds. */
export interface ContentSnapshot {
  displayId: number;
  /** The version it was built at (memoKey: the chain's event sequence numbers and the live data). */
  key: string;
  etag: string;
  /** When it stops holding by time alone (a note or slide starts or ends); Infinity if never. */
  validUntil: number;
  body: Buffer;
}

/**
 * What lets a poll reuse a display's snapshot without PostgreSQL (display-versions.service.ts):
 * the event sequence numbers of the entities its content depends on, as PostgreSQL had them before
 * the content was read. Current while Redis holds, for each of them, a number no higher, the relay
 * is known to be running, the token's key version is the one checked then, and nothing expired.
 */
export interface SnapshotCheck {
  snapshot: ContentSnapshot;
  /** The display's API key version when the numbers were read (a regenerated key bumps the display's number too). */
  kv: number;
  /** The Redis keys a poll reads: each entity's number, then the relay's liveness key. */
  keys: string[];
  /** The numbers read from PostgreSQL, in the order of `keys`. */
  seqs: number[];
  /** The earlier of the snapshot's own end and the expiry of the live data it holds. */
  validUntil: number;
  /** The answer's precomputed headers, set by whoever answers polls from it. */
  headers?: unknown;
}

/** What the builder of a snapshot stores with it in Redis so other replicas can check it (sharedCheck). */
export interface SharedLabel {
  seqs: ReadonlyMap<number, number>;
  kv: number;
  /** When the live data it holds expires. */
  liveUntil: number;
}

/** A check read from Redis: a SnapshotCheck without the snapshot's body. */
export type SharedCheck = Omit<SnapshotCheck, 'snapshot' | 'headers'> & { displayId: number; etag: string };

/** A SnapshotCheck of `snapshot` for the numbers `seqs` (entity id → sequence number). */
export function snapshotCheck(
  prefix: string,
  snapshot: ContentSnapshot,
  kv: number,
  seqs: ReadonlyMap<number, number>,
  liveUntil: number,
): SnapshotCheck {
  const keys: string[] = [];
  const numbers: number[] = [];
  for (const [entityId, seq] of seqs) {
    keys.push(entitySeqKey(prefix, entityId));
    numbers.push(seq);
  }
  keys.push(relayedKey(prefix));
  return { snapshot, kv, keys, seqs: numbers, validUntil: Math.min(snapshot.validUntil, liveUntil) };
}

/**
 * Whether a poll with a token of key version `kv` at `now` may answer from `check`, given the values
 * Redis returned for `check.keys`: the relay's liveness key present, and every entity's number
 * present and not higher than the one the snapshot was built after.
 */
export function checkHolds(
  check: Pick<SnapshotCheck, 'kv' | 'validUntil' | 'seqs'>,
  values: readonly (string | null)[],
  kv: number,
  now: number,
) {
  if (kv !== check.kv || now >= check.validUntil) return false;
  const n = check.seqs.length;
  if (values.length !== n + 1 || values[n] === null) return false;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || Number(v) > check.seqs[i]) return false;
  }
  return true;
}

/** Redis key of a display's shared snapshot, under the installation's prefix. */
export const snapshotKey = (prefix: string, displayId: number) => `${prefix}:display-content:${displayId}`;

/** How long an unread shared snapshot stays in Redis. */
const SHARED_TTL_SECONDS = 24 * 3600;

/**
 * Display content served from a snapshot per display (issue 15). The version is the display's
 * chain version, which every event on the chain moves in the same transaction as the change
 * (display-chain.service.ts), so a snapshot is never used after a committed change; a snapshot is
 * built once per version and kept here (bounded by bytes) and in Redis, where every replica of the
 * API finds it. An unchanged display costs the version check (one query, one MGET) and a
 * comparison; its 304 and its full answer need no content query and no serialization.
 *
 * A snapshot is only ever used for the display it was built for and at the exact version asked
 * for: both are compared on every read, whatever the key it was found under.
 */
export class DisplaySnapshots {
  private readonly local = new Map<number, ContentSnapshot>();
  private bytes = 0;
  private readonly building = new Map<string, Promise<ContentSnapshot>>();
  private readonly checks = new Map<number, SnapshotCheck>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The check a poll of `displayId` may answer from (its snapshot is kept here), if any. */
  checkOf(displayId: number): SnapshotCheck | undefined {
    return this.checks.get(displayId);
  }

  /** Remembers how a poll may reuse a snapshot kept here (forgotten with the snapshot). */
  remember(check: SnapshotCheck): void {
    if (this.local.get(check.snapshot.displayId) === check.snapshot)
      this.checks.set(check.snapshot.displayId, check);
  }

  /** The snapshot of `displayId` at `key`: kept here, shared in Redis, or built by `build` once. */
  async get(
    displayId: number,
    key: string,
    now: number,
    build: () => Promise<BuiltContent>,
    label?: SharedLabel,
  ): Promise<ContentSnapshot> {
    const hit = this.local.get(displayId);
    if (hit && usable(hit, displayId, key, now)) return hit;
    const flight = `${displayId}|${key}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = this.fetchOrBuild(displayId, key, now, build, label).finally(() =>
        this.building.delete(flight),
      );
      this.building.set(flight, pending);
    }
    return pending;
  }

  private async fetchOrBuild(
    displayId: number,
    key: string,
    now: number,
    build: () => Promise<BuiltContent>,
    label?: SharedLabel,
  ): Promise<ContentSnapshot> {
    const redisKey = snapshotKey(this.prefix, displayId);
    const shared = await this.readShared(redisKey);
    if (shared && usable(shared, displayId, key, now)) return this.keep(shared);
    const built = await build();
    const snapshot: ContentSnapshot = {
      displayId,
      key,
      etag: built.etag,
      validUntil: built.changesAt ?? Number.POSITIVE_INFINITY,
      body: Buffer.from(built.body),
    };
    this.keep(snapshot);
    try {
      // Replaced whole (del first), so no field of an older snapshot's check survives beside it.
      await this.redis
        .multi()
        .del(redisKey)
        .hset(redisKey, {
          displayId: String(displayId),
          key,
          etag: snapshot.etag,
          validUntil: String(snapshot.validUntil),
          body: snapshot.body,
          ...(label
            ? {
                kv: String(label.kv),
                checkIds: [...label.seqs.keys()].join(','),
                checkSeqs: [...label.seqs.values()].join(','),
                checkUntil: String(Math.min(snapshot.validUntil, label.liveUntil)),
              }
            : {}),
        })
        .expire(redisKey, SHARED_TTL_SECONDS)
        .exec();
    } catch {
      // Without Redis each replica keeps its own snapshots; the answer is the same.
    }
    return snapshot;
  }

  /**
   * The check of the snapshot shared in Redis for `displayId`, without its body: what lets a replica
   * that holds nothing (just started, or past its byte budget) answer an unchanged display's 304
   * without PostgreSQL, e.g. when every screen reconnects at once. Null when there is none, it is
   * another display's, or it was stored without a check.
   */
  async sharedCheck(displayId: number): Promise<SharedCheck | null> {
    const [id, etag, kv, ids, seqs, until] = await this.redis.hmget(
      snapshotKey(this.prefix, displayId),
      'displayId',
      'etag',
      'kv',
      'checkIds',
      'checkSeqs',
      'checkUntil',
    );
    if (Number(id) !== displayId || !etag || kv === null || !ids || !seqs || until === null) return null;
    const keys = ids.split(',').map((entityId) => entitySeqKey(this.prefix, Number(entityId)));
    const numbers = seqs.split(',').map(Number);
    if (keys.length !== numbers.length || numbers.some((n) => !Number.isInteger(n))) return null;
    keys.push(relayedKey(this.prefix));
    return { displayId, etag, kv: Number(kv), keys, seqs: numbers, validUntil: Number(until) };
  }

  private async readShared(redisKey: string): Promise<ContentSnapshot | null> {
    try {
      const fields = await this.redis.hgetallBuffer(redisKey);
      if (!fields.key || !fields.body) return null;
      return {
        displayId: Number(fields.displayId?.toString()),
        key: fields.key.toString(),
        etag: fields.etag?.toString() ?? '',
        validUntil: Number(fields.validUntil?.toString()),
        body: fields.body,
      };
    } catch {
      return null;
    }
  }

  /** Keeps a snapshot in this process, dropping the oldest beyond the byte budget. */
  private keep(snapshot: ContentSnapshot): ContentSnapshot {
    const old = this.local.get(snapshot.displayId);
    if (old === snapshot) return snapshot;
    if (old) {
      this.bytes -= old.body.length;
      this.local.delete(snapshot.displayId);
      this.checks.delete(snapshot.displayId);
    }
    this.local.set(snapshot.displayId, snapshot);
    this.bytes += snapshot.body.length;
    for (const [id, kept] of this.local) {
      if (this.bytes <= this.maxBytes || id === snapshot.displayId) break;
      this.local.delete(id);
      this.checks.delete(id);
      this.bytes -= kept.body.length;
    }
    return snapshot;
  }
}

function usable(s: ContentSnapshot, displayId: number, key: string, now: number): boolean {
  return s.displayId === displayId && s.key === key && now < s.validUntil && s.etag !== '';
}
