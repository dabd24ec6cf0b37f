import type { Actor, Grant } from '@oppslag/common';
import type { EntityTree } from './entity-tree.service';

/** Kept answers per snapshot stop growing here; past it the snapshot's kept answers start over. */
const MAX_BYTES_PER_TREE = 64 * 1024 * 1024;

interface Kept {
  online: ReadonlySet<number>;
  body: Buffer;
}

/**
 * Whole list answers kept per entity tree snapshot. An answer is a function of the snapshot (the
 * rows, by the table's version), the viewer (superadmin, or the grants: which entities and which
 * role on each) and which of the visible registered displays are online; the hashid alphabet is
 * the app's. So an answer is kept per snapshot object (it goes with the snapshot when the table
 * changes), under the viewer's key, with the online set it was built for: a request with the same
 * three gets the same bytes without copying some hundred kilobytes (at 10,000 entities, 7 MB) into
 * a new buffer (docs/performance.md). Anything else different builds the answer anew.
 */
export class EntityAnswers {
  private readonly byTree = new WeakMap<EntityTree, { bytes: number; answers: Map<string, Kept> }>();

  get(
    tree: EntityTree,
    actor: Actor,
    grants: readonly Grant[],
    online: ReadonlySet<number>,
    build: () => Buffer,
  ): Buffer {
    let slot = this.byTree.get(tree);
    if (!slot) {
      slot = { bytes: 0, answers: new Map() };
      this.byTree.set(tree, slot);
    }
    const key = viewerKey(actor, grants);
    const kept = slot.answers.get(key);
    if (kept && sameSet(kept.online, online)) return kept.body;
    const body = build();
    if (kept) slot.bytes -= kept.body.length;
    if (slot.bytes + body.length > MAX_BYTES_PER_TREE) {
      slot.answers.clear();
      slot.bytes = 0;
    }
    slot.answers.set(key, { online, body });
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
