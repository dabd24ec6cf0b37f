import { canHaveChildren } from '@oppslag/common/constants.ts';
import type { Entity } from '@oppslag/common/schemas/entity.ts';
import { childIndex } from '../../state/entities.reducer';

/** One line of the entity tree as shown: an entity, or the "group is empty" line of an open parent. */
export type TreeRow =
  | { kind: 'entity'; entity: Entity; depth: number; position: number; siblings: number }
  | { kind: 'empty'; parentId: number; depth: number };

/**
 * The tree flattened into the lines on screen, in order: each open parent is followed by its
 * children (by name), an open parent without children by one empty line. The list is what the
 * virtualized tree renders a window of, so only visible lines cost anything; `position` and
 * `siblings` keep the structure for assistive technology (aria-posinset/-setsize, aria-level).
 */
export function treeRows(
  byId: Record<number, Entity>,
  roots: readonly Entity[],
  expanded: ReadonlySet<number>,
): TreeRow[] {
  const index = childIndex(byId);
  const out: TreeRow[] = [];
  // An explicit stack, not recursion: a deep chain must not exhaust the call stack.
  const stack: { list: readonly Entity[]; at: number; depth: number }[] = [{ list: roots, at: 0, depth: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.at >= top.list.length) {
      stack.pop();
      continue;
    }
    const entity = top.list[top.at++];
    out.push({ kind: 'entity', entity, depth: top.depth, position: top.at, siblings: top.list.length });
    if (!canHaveChildren(entity.type) || !expanded.has(entity.id)) continue;
    const kids = index.get(entity.id) ?? [];
    if (kids.length === 0) out.push({ kind: 'empty', parentId: entity.id, depth: top.depth + 1 });
    else stack.push({ list: kids, at: 0, depth: top.depth + 1 });
  }
  return out;
}
