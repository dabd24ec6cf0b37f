import type { DisplayNote } from '../../api/types';

/**
 * Keeps the board's order stable across content updates: ids already on the board keep their
 * place in the rotation, removed ones drop out, and new ones go in front (in the server's order)
 * so a note that was just posted or just started is seen at once, even on a full board.
 */
export function reconcileOrder(order: number[], notes: Pick<DisplayNote, 'id'>[]): number[] {
  const present = new Set(notes.map((n) => n.id));
  const kept = order.filter((id) => present.has(id));
  const known = new Set(kept);
  const added = notes.filter((n) => !known.has(n.id)).map((n) => n.id);
  return added.length ? [...added, ...kept] : kept;
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
