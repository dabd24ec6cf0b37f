import type { Redis } from 'ioredis';
import type { BuiltContent } from './display-content.service';

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

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The snapshot of `displayId` at `key`: kept here, shared in Redis, or built by `build` once. */
  async get(
    displayId: number,
    key: string,
    now: number,
    build: () => Promise<BuiltContent>,
  ): Promise<ContentSnapshot> {
    const hit = this.local.get(displayId);
    if (hit && usable(hit, displayId, key, now)) return hit;
    const flight = `${displayId}|${key}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = this.fetchOrBuild(displayId, key, now, build).finally(() => this.building.delete(flight));
      this.building.set(flight, pending);
    }
    return pending;
  }

  private async fetchOrBuild(
    displayId: number,
    key: string,
    now: number,
    build: () => Promise<BuiltContent>,
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
      await this.redis
        .multi()
        .hset(redisKey, {
          displayId: String(displayId),
          key,
          etag: snapshot.etag,
          validUntil: String(snapshot.validUntil),
          body: snapshot.body,
        })
        .expire(redisKey, SHARED_TTL_SECONDS)
        .exec();
    } catch {
      // Without Redis each replica keeps its own snapshots; the answer is the same.
    }
    return snapshot;
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
    if (old) {
      this.bytes -= old.body.length;
      this.local.delete(snapshot.displayId);
    }
    this.local.set(snapshot.displayId, snapshot);
    this.bytes += snapshot.body.length;
    for (const [id, kept] of this.local) {
      if (this.bytes <= this.maxBytes || id === snapshot.displayId) break;
      this.local.delete(id);
      this.bytes -= kept.body.length;
    }
    return snapshot;
  }
}

function usable(s: ContentSnapshot, displayId: number, key: string, now: number): boolean {
  return s.displayId === displayId && s.key === key && now < s.validUntil && s.etag !== '';
}
