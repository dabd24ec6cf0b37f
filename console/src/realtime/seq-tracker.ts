/**
 * Per-entity sequence bookkeeping (ARCHITECTURE "Ordering and resync"): events of one entity
 * arrive with increasing `seq`. A jump means something was missed and a REST snapshot is due;
 * a repeat (at-least-once delivery) is dropped.
 */
export type SeqVerdict = 'apply' | 'duplicate' | 'gap';

export class SeqTracker {
  private last = new Map<number, number>();

  observe(entityId: number | null, seq: number): SeqVerdict {
    // Unsequenced pushes (presence carries seq 0) are not part of the entity's event stream.
    if (entityId == null || !Number.isFinite(seq) || seq <= 0) return 'apply';
    const previous = this.last.get(entityId);
    if (previous !== undefined && seq <= previous) return 'duplicate';
    this.last.set(entityId, seq);
    if (previous !== undefined && seq > previous + 1) return 'gap';
    return 'apply';
  }

  /** After a fresh snapshot the old positions no longer matter. */
  reset(): void {
    this.last.clear();
  }
}
