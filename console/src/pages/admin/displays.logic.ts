import type { AdminDisplayItem } from '../../api/admin.api';

/** Toggles one id in a selection. */
export function toggleSelection(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The update body: 'all' when nothing is selected, else the selected ids (spec §5). */
export function updateTarget(selected: ReadonlySet<number>): 'all' | number[] {
  return selected.size === 0 ? 'all' : [...selected].sort((a, b) => a - b);
}

/** Applies a live presence change to the table rows. */
export function applyPresence(
  items: AdminDisplayItem[],
  entityId: number,
  online: boolean,
): AdminDisplayItem[] {
  return items.map((i) =>
    i.entity.id === entityId
      ? { ...i, display: { ...i.display, onlineStatus: online, registered: true } }
      : i,
  );
}
