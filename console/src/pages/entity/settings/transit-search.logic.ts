/** Stop search starts at 2 characters (content spec §4, §5). */
export const MIN_STOP_QUERY = 2;

export const searchableQuery = (query: string): string | null => {
  const q = query.trim();
  return q.length >= MIN_STOP_QUERY ? q : null;
};

/** The highlighted row of the results menu; -1 when nothing is highlighted. */
export const MENU_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/**
 * Moves the highlight through `count` results. Arrow keys wrap around, so the list can be walked
 * in both directions without reaching a dead end.
 */
export function moveHighlight(current: number, key: MenuKey, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
}
