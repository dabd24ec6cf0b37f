export type SeqVerdict = 'apply' | 'duplicate' | 'gap';

/**
 * Per-entity sequence check (ARCHITECTURE "Ordering and resync"): the next number applies, a
 * number already seen is a redelivery, and a jump means events were missed and the screen must
 * refetch. The first event of an entity after a reset is taken as the new baseline.
 */
export class SeqTracker {
  private readonly last = new Map<number, number>();

  check(entityId: number | null, seq: number): SeqVerdict {
    if (entityId === null || !Number.isFinite(seq)) return 'apply';
    const previous = this.last.get(entityId);
    if (previous !== undefined && seq <= previous) return 'duplicate';
    this.last.set(entityId, seq);
    if (previous === undefined || seq === previous + 1) return 'apply';
    return 'gap';
  }

  /** After a full refetch the snapshot covers everything; the next events set new baselines. */
  reset(): void {
    this.last.clear();
  }
}
