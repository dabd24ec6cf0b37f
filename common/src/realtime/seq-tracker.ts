/** What to do with a numbered event. */
export type SeqVerdict = 'apply' | 'duplicate' | 'gap';

/**
 * Per-entity sequence bookkeeping of a realtime client (ARCHITECTURE "Ordering and resync"), the
 * one implementation the console and the player share. Events of one entity carry increasing
 * `seq`: the next number applies, a number already seen is a redelivery, a jump means events were
 * missed. The gateway's `sync` tells the latest number of a room; being behind it means events
 * were lost on the way (Redis lost its queue, say) and a REST snapshot is due.
 */
export class SeqTracker {
  private readonly last = new Map<number, number>();

  /** An event (or a withheld one) of `entityId` numbered `seq`. */
  observe(entityId: number | null, seq: number): SeqVerdict {
    // Unsequenced pushes are not part of an entity's event stream.
    if (entityId === null || !Number.isSafeInteger(seq) || seq <= 0) return 'apply';
    const previous = this.last.get(entityId);
    if (previous !== undefined && seq <= previous) return 'duplicate';
    this.last.set(entityId, seq);
    if (previous !== undefined && seq > previous + 1) return 'gap';
    return 'apply';
  }

  /**
   * The gateway says the room is at `seq`. Without a position yet this becomes the baseline (the
   * snapshot fetched after connecting covers what came before). Behind it, the position moves to
   * `seq`, since the snapshot the caller now fetches covers everything up to it.
   */
  sync(entityId: number, seq: number): 'current' | 'behind' {
    if (!Number.isSafeInteger(seq) || seq < 0) return 'current';
    const previous = this.last.get(entityId);
    if (previous !== undefined && previous >= seq) return 'current';
    this.last.set(entityId, seq);
    return previous === undefined ? 'current' : 'behind';
  }

  /** After a new connection that could not be recovered: the gateway sends fresh baselines. */
  reset(): void {
    this.last.clear();
  }
}
