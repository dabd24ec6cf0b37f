import type { DisplayNote } from '../../api/types';

/**
 * Keeps the board's order stable across content updates: ids already on the board keep their
 * place, new ones join at the end in the server's order, and removed ones drop out.
 */
export function reconcileOrder(order: number[], notes: Pick<DisplayNote, 'id'>[]): number[] {
  const present = new Set(notes.map((n) => n.id));
  const kept = order.filter((id) => present.has(id));
  const known = new Set(kept);
  for (const n of notes) if (!known.has(n.id)) kept.push(n.id);
  return kept;
}

/** Sticky notes first (in their order), then the regular ones in rotation order. */
export function arrangeNotes<T extends Pick<DisplayNote, 'id' | 'sticky'>>(notes: T[], order: number[]): T[] {
  const rank = new Map(order.map((id, i) => [id, i]));
  const byRank = (a: T, b: T) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0);
  return [...notes.filter((n) => n.sticky).sort(byRank), ...notes.filter((n) => !n.sticky).sort(byRank)];
}

/** One rotation step: the first regular (non-sticky) note moves to the end; sticky ones stay. */
export function rotateRegular(order: number[], stickyIds: ReadonlySet<number>): number[] {
  const index = order.findIndex((id) => !stickyIds.has(id));
  if (index < 0) return order;
  const regularCount = order.filter((id) => !stickyIds.has(id)).length;
  if (regularCount < 2) return order;
  const next = [...order];
  const [first] = next.splice(index, 1);
  next.push(first);
  return next;
}
