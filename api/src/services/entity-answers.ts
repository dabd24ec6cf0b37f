import type { Actor, Grant } from '@oppslag/common';
import type { EntityTree } from './entity-tree.service';

/** Kept answers per snapshot stop growing here; past it the snapshot's kept answers start over. */
const MAX_BYTES_PER_TREE = 64 * 1024 * 1024;

/** What one viewer sees of one snapshot: worked out once (a walk of the tree), then kept. */
export interface EntityView<T> {
  items: T;
  /** Ids of the registered displays among them: the ones whose presence is read per request. */
  registered: number[];
  /** The last answer built for this view and the online displays it was built with. */
  kept?: { online: ReadonlySet<number>; body: Buffer };
}

/**
 * Views and whole list answers kept per entity tree snapshot. What a viewer sees is a function of
 * the snapshot (the rows, by the table's version) and the viewer (superadmin, or the grants: which
 * entities and which role on each); the answer is that plus which of the visible registered
 * displays are online (the hashid alphabet is the app's). So both are kept per snapshot object
 * (they go with the snapshot when the table changes), under the viewer's key, the answer with the
 * online set it was built for: a request with the same three walks no tree and gets the same bytes
 * without copying some hundred kilobytes (at 10,000 entities, 7 MB) into a new buffer
 * (docs/performance.md). Anything else different works the view or the answer out anew.
 */
export class EntityAnswers<T> {
  private readonly byTree = new WeakMap<EntityTree, { bytes: number; views: Map<string, EntityView<T>> }>();

  /** The viewer's view of the snapshot, from `walk` the first time (`registered` picks the displays). */
  view(
    tree: EntityTree,
    actor: Actor,
    grants: readonly Grant[],
    walk: () => { items: T; registered: number[] },
  ): EntityView<T> {
    let slot = this.byTree.get(tree);
    if (!slot) {
      slot = { bytes: 0, views: new Map() };
      this.byTree.set(tree, slot);
    }
    const key = viewerKey(actor, grants);
    let view = slot.views.get(key);
    if (!view) {
      view = walk();
      slot.views.set(key, view);
    }
    return view;
  }

  /** The view's answer for these online displays: the kept bytes when they are the same, else `build`. */
  answer(tree: EntityTree, view: EntityView<T>, online: ReadonlySet<number>, build: () => Buffer): Buffer {
    if (view.kept && sameSet(view.kept.online, online)) return view.kept.body;
    const slot = this.byTree.get(tree);
    const body = build();
    if (!slot) return body;
    if (view.kept) slot.bytes -= view.kept.body.length;
    if (slot.bytes + body.length > MAX_BYTES_PER_TREE) {
      // Too many kept answers for one snapshot: drop them all (the views stay; they are small).
      for (const v of slot.views.values()) v.kept = undefined;
      slot.bytes = 0;
    }
    view.kept = { online, body };
    slot.bytes += body.length;
    return body;
  }
}

/** The superadmin sees everything; anyone else sees what their grants (entity and role) reach. */
function viewerKey(actor: Actor, grants: readonly Grant[]): string {
  if (actor.admin) return 'admin';
  if (grants.length === 1) return `${grants[0].entityId}:${grants[0].role}`;
  return grants
    .map((g) => `${g.entityId}:${g.role}`)
    .sort()
    .join(',');
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}
