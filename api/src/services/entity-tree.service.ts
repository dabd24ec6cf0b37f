import {
  type Actor,
  type Grant,
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  type Role,
  strongerRole,
} from '@oppslag/common';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import type { EntityRow } from '../presenters/entity.presenter';
import { getGrants } from './access.service';
import type { EntityAncestor } from './entity-query.service';
import { selectEntities } from './entity-query.service';

/**
 * The live entity tree as one in-process snapshot, read again only when the `entities` table
 * changed. `GET /api/entities` used to read, map and present every visible row on every request
 * (a recursive query per user, the permissions per row from its ancestry): for 200 entities that
 * was most of 4–5 ms of CPU per request, see docs/performance.md. Now a request checks the table's
 * version (one aggregate row), reads the caller's grants, and walks the snapshot once.
 */
export interface EntityTree {
  version: string;
  /** Live entities, by id ascending (the order of the list answer). */
  rows: EntityRow[];
  /** Live children per live parent id. */
  children: Map<number, EntityRow[]>;
  /** Live rows by id. */
  byId: Map<number, EntityRow>;
}

/**
 * The version of the `entities` table: the row count and two sums over each row's `xmin` (the id of
 * the transaction that wrote that row version). Any committed insert, update or soft delete gives
 * its row a new xmin, and a hard delete changes the count, so the version moves with every change
 * whoever wrote it (services, fixtures, a migration, psql) and whenever it commits, without a
 * trigger or a lock on a shared counter row. A row lock (`for update`) leaves xmin alone.
 */
export const entityTableVersionSql = sql`
    select count(*)::int as n, coalesce(sum(xmin::text::bigint), 0)::text as a,
      coalesce(sum(hashint8(xmin::text::bigint + id)), 0)::text as b
    from entities`;

/** The version string of a row of entityTableVersionSql (read alone or joined to another statement). */
export const entityTableVersionOf = (row: { n: number; a: string; b: string }): string =>
  `${row.n}:${row.a}:${row.b}`;

export async function entityTableVersion(tx: Tx): Promise<string> {
  const result = await tx.execute(entityTableVersionSql);
  const [row] = rowsOf<{ n: number; a: string; b: string }>(result);
  return entityTableVersionOf(row);
}

/** A snapshot from live rows (by id ascending): the rows and each parent's live children. */
export function treeOf(version: string, rows: EntityRow[]): EntityTree {
  const children = new Map<number, EntityRow[]>();
  const byId = new Map<number, EntityRow>();
  for (const row of rows) {
    byId.set(row.id, row);
    if (row.parentId === null) continue;
    const list = children.get(row.parentId);
    if (list) list.push(row);
    else children.set(row.parentId, [row]);
  }
  return { version, rows, children, byId };
}

/** One snapshot per database handle; concurrent requests after a change share one reload. */
const trees = new WeakMap<object, { tree?: EntityTree; loading?: Promise<EntityTree>; version?: string }>();

/** The current live tree: the kept snapshot when the table's version is unchanged, else read once. */
export async function entityTree(tx: Tx, version?: string): Promise<EntityTree> {
  const current = version ?? (await entityTableVersion(tx));
  let slot = trees.get(tx);
  if (!slot) {
    slot = {};
    trees.set(tx, slot);
  }
  if (slot.tree?.version === current) return slot.tree;
  if (slot.loading && slot.version === current) return slot.loading;
  const state = slot;
  state.version = current;
  state.loading = (async () => {
    // Read after the version: a change committed in between makes the next request read again.
    const tree = treeOf(current, await selectEntities(tx, sql`deleted = false`));
    if (state.version === current) state.tree = tree;
    return tree;
  })().finally(() => {
    if (state.version === current) state.loading = undefined;
  });
  return state.loading;
}

const ALL: readonly Permission[] = PERMISSIONS;

export interface VisibleTreeEntity {
  row: EntityRow;
  /** The actor's effective role on the entity (null for the superadmin, who has every permission). */
  role: Role | null;
  permissions: readonly (typeof PERMISSIONS)[number][];
}

/**
 * The entities a user works with (spec §6), as `visibleEntities` defines them, from the snapshot:
 * every live entity at or below a live entity they hold a role on, reached through live parents;
 * everything live for the superadmin. The effective role (the strongest grant on the entity or an
 * ancestor) is carried down the tree once, so the work is linear in the number of entities.
 */
export function visibleInTree(tree: EntityTree, actor: Actor, grants: readonly Grant[]): VisibleTreeEntity[] {
  if (actor.admin) return tree.rows.map((row) => ({ row, role: null, permissions: ALL }));
  if (grants.length === 0) return [];
  const granted = new Map<number, Role>();
  for (const g of grants) {
    granted.set(g.entityId, strongerRole(granted.get(g.entityId), g.role));
  }
  // Walk down from each live granted entity; a node keeps the strongest role that reaches it.
  const role = new Map<number, Role>();
  const stack: [number, Role][] = [];
  for (const [id, r] of granted) if (tree.byId.has(id)) stack.push([id, r]);
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [id, inherited] = top;
    const best = strongerRole(granted.get(id), inherited);
    const had = role.get(id);
    // Already reached with a role at least as strong: nothing below changes.
    if (had && strongerRole(best, had) === had) continue;
    role.set(id, best);
    for (const child of tree.children.get(id) ?? []) stack.push([child.id, best]);
  }
  const out: VisibleTreeEntity[] = [];
  for (const row of tree.rows) {
    const r = role.get(row.id);
    if (r) out.push({ row, role: r, permissions: ROLE_PERMISSIONS[r] });
  }
  return out;
}

/** The current snapshot and the actor's grants (none needed for the superadmin), read in parallel. */
export async function treeAndGrants(
  tx: Tx,
  actor: Actor,
  /** Both read in this request already (auth.ts `readSession`): no query of its own then. */
  read?: { grants?: readonly Grant[]; entityTableVersion?: string },
): Promise<{ tree: EntityTree; grants: readonly Grant[] }> {
  const [tree, grants] = await Promise.all([
    entityTree(tx, read?.entityTableVersion),
    actor.admin ? Promise.resolve<Grant[]>([]) : (read?.grants ?? getGrants(tx, actor.id)),
  ]);
  return { tree, grants };
}

/**
 * A member's highest readable entities carry the chain above them (names and special features,
 * nearest first; `entitySchema.ancestors`): what is switched on above (the organization's banner
 * slot) is on below, and inherited notes and banners name where they come from. Other items are
 * returned as they are; the superadmin reads everything and gets none.
 */
export function ancestorsInTree(
  tree: EntityTree,
  items: readonly VisibleTreeEntity[],
): (VisibleTreeEntity & { ancestors?: EntityAncestor[] })[] {
  // The superadmin (no role anywhere) reads everything and gets no chains.
  if (items.every((i) => i.role === null)) return [...items];
  const visible = new Set(items.map((i) => i.row.id));
  return items.map((item) => {
    if (item.role === null || item.row.parentId === null || visible.has(item.row.parentId)) return item;
    const ancestors: EntityAncestor[] = [];
    let above = tree.byId.get(item.row.parentId);
    while (above && ancestors.length < 64) {
      ancestors.push({ id: above.id, name: above.name, features: above.features });
      above = above.parentId === null ? undefined : tree.byId.get(above.parentId);
    }
    return ancestors.length ? { ...item, ancestors } : item;
  });
}
