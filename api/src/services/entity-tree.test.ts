import { type Actor, type Grant, permissionsOn, ROLES, type Role } from '@oppslag/common';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../db/schema/index';
import { type EntityRow, presentEntitiesJson, presentEntity } from '../presenters/entity.presenter';
import { createEntity, createUser, grant } from '../test/fixtures';
import { startTestApi, type TestApi } from '../test/harness';
import { entityTableVersion, treeOf, visibleInTree } from './entity-tree.service';

const row = (id: number, parentId: number | null, extra: Partial<EntityRow> = {}): EntityRow => ({
  id,
  name: `Entity ${id} – Bjørnåsen «A»`,
  type: parentId === null ? 'system' : id % 3 === 0 ? 'display' : 'group',
  parentId,
  orgnum: null,
  street: null,
  zip: null,
  city: null,
  phoneNumber: null,
  displayInformation: id % 2 ? 'Velkommen 🌱' : null,
  orientation: 0,
  codeWord: null,
  showCodeWord: false,
  noteBoardBackgroundColor: '#ffffff',
  bannerFallbackText: null,
  smsDailyReplyLimit: 3,
  smsMonthlyBudget: 0,
  features: ['notes'],
  services: { weather: true },
  latitude: null,
  longitude: null,
  quietHours: null,
  largePrint: null,
  apiKey: id % 3 === 0 ? `key-${id}` : null,
  apiKeyVersion: 1,
  layoutId: null,
  registeredAt: id % 6 === 0 ? new Date(1_700_000_000_000 + id) : null,
  deleted: false,
  createdAt: new Date(1_700_000_000_000),
  updatedAt: new Date(1_700_000_100_000 + id),
  ...extra,
});

/** A pseudo-random forest: parents picked among earlier and later ids, some entities missing (deleted). */
function forest(size: number, seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const all = Array.from({ length: size }, (_, i) => i + 1);
  const parents = new Map<number, number | null>();
  for (const id of all) parents.set(id, id <= 2 ? null : 1 + Math.floor(next() * size));
  // No cycles: re-point any entity whose parent chain comes back to it to a root.
  for (const id of all) {
    const seen = new Set<number>([id]);
    for (let p = parents.get(id); p !== null && p !== undefined; p = parents.get(p)) {
      if (seen.has(p)) {
        parents.set(id, 1);
        break;
      }
      seen.add(p);
    }
  }
  const deleted = new Set(all.filter(() => next() < 0.1));
  const live = all.filter((id) => !deleted.has(id)).map((id) => row(id, parents.get(id) ?? null));
  const grants: Grant[] = all
    .filter(() => next() < 0.12)
    .map((id) => ({ entityId: id, role: ROLES[Math.floor(next() * ROLES.length)] as Role }));
  return { live, grants };
}

/** The rule as spec §6 and common state it: visible at or below a granted entity through live parents, permissions from the ancestry. */
function reference(live: EntityRow[], actor: Actor, grants: Grant[]) {
  const byId = new Map(live.map((r) => [r.id, r]));
  const out: { id: number; permissions: string[] }[] = [];
  for (const r of live) {
    const ancestry: number[] = [];
    for (
      let cur: EntityRow | undefined = r;
      cur;
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId)
    )
      ancestry.push(cur.id);
    const permissions = permissionsOn(actor, grants, ancestry);
    if (permissions.length) out.push({ id: r.id, permissions });
  }
  return out;
}

describe('the entity tree snapshot', () => {
  it('finds the same visible entities and permissions as the ancestry rule, for many trees and grants', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { live, grants } = forest(80, seed);
      const tree = treeOf('v', live);
      for (const actor of [
        { id: 7, admin: false },
        { id: 1, admin: true },
      ]) {
        const got = visibleInTree(tree, actor, actor.admin ? [] : grants).map((v) => ({
          id: v.row.id,
          permissions: [...v.permissions],
        }));
        expect(got, `seed ${seed}, admin ${actor.admin}`).toEqual(reference(live, actor, grants));
      }
    }
  });

  it('writes the list as JSON equal to presentEntity of every row, for the superadmin and for a user', () => {
    const rows = Array.from({ length: 30 }, (_, i) => row(i + 1, i === 0 ? null : 1));
    rows[4] = row(5, 1, { apiKey: 'quote " and \\ backslash', type: 'display', registeredAt: null });
    const kept = new WeakMap<EntityRow, Map<number, Buffer>>();
    // Superadmin and user, displays going on- and offline between requests, on the same kept bytes.
    for (const [actor, online] of [
      [{ id: 1, admin: true }, new Set([6, 18])],
      [{ id: 2, admin: false }, new Set([6, 18])],
      [{ id: 1, admin: true }, new Set([12])],
      [{ id: 2, admin: false }, new Set<number>()],
    ] as const) {
      const items = rows.map((r, i) => ({
        row: r,
        permissions:
          i % 4 === 0 ? undefined : permissionsOn(actor, [{ entityId: 1, role: 'administrator' }], [r.id, 1]),
      }));
      // Twice: the second time from the kept bytes.
      for (let round = 0; round < 2; round++) {
        const text = presentEntitiesJson(items, {
          actor,
          alphabet: undefined,
          online,
          rows: kept,
        }).toString();
        expect(text).toBe(
          JSON.stringify(
            items.map((i) => presentEntity(i.row, { actor, online, permissions: i.permissions })),
          ),
        );
      }
    }
  });
});

describe('GET /api/entities and the snapshot version', () => {
  let api: TestApi;
  let owner: { id: number; token: string };
  let rootId: number;
  beforeAll(async () => {
    api = await startTestApi();
    const root = await createEntity(api.deps, { name: 'Root', type: 'system' });
    rootId = root.id;
    await createEntity(api.deps, { name: 'Child', type: 'group', parentId: root.id });
    owner = await createUser(api.deps, { email: 'tree-owner@example.com' });
    await grant(api.deps, owner.id, root.id, 'owner');
  });
  afterAll(() => api.close());

  const names = async () => {
    const res = await api.request('GET', '/api/entities', { token: owner.token });
    expect(res.status).toBe(200);
    return (res.body as { name: string }[]).map((e) => e.name);
  };

  it('moves with every committed insert, update, soft delete and hard delete, however written, and not with a read or a row lock', async () => {
    const db = api.deps.database.db;
    const [spare] = await db
      .insert(entities)
      .values({ name: 'Spare', type: 'group', parentId: rootId })
      .returning({ id: entities.id });
    const v0 = await entityTableVersion(db);
    expect(await entityTableVersion(db)).toBe(v0);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from entities for update`);
    });
    expect(await entityTableVersion(db)).toBe(v0);

    const seen = new Set([v0]);
    const step = async (what: string, change: () => Promise<unknown>) => {
      await change();
      const v = await entityTableVersion(db);
      expect(seen.has(v), `${what} left the version at ${v}`).toBe(false);
      seen.add(v);
    };
    let id = 0;
    await step('insert', async () => {
      [{ id }] = await db
        .insert(entities)
        .values({ name: 'Inserted', type: 'group', parentId: rootId })
        .returning({ id: entities.id });
    });
    await step('update without updated_at', () =>
      db.update(entities).set({ name: 'Renamed' }).where(eq(entities.id, id)),
    );
    await step('same value again', () =>
      db.update(entities).set({ name: 'Renamed' }).where(eq(entities.id, id)),
    );
    await step('soft delete', () => db.update(entities).set({ deleted: true }).where(eq(entities.id, id)));
    await step('hard delete', () => db.delete(entities).where(eq(entities.id, spare.id)));
    // Deleting the row inserted above leaves exactly the rows (row versions) of no earlier state.
    await step('hard delete of the new row', () => db.delete(entities).where(eq(entities.id, id)));
  });

  it('answers from the snapshot until the table changes, then with the change', async () => {
    const db = api.deps.database.db;
    expect(await names()).toEqual(['Root', 'Child']);
    expect(await names()).toEqual(['Root', 'Child']);
    // Written around every service: the list must still see it on the next request.
    await db.update(entities).set({ name: 'Child renamed' }).where(eq(entities.name, 'Child'));
    expect(await names()).toEqual(['Root', 'Child renamed']);
    const [{ id }] = await db
      .insert(entities)
      .values({ name: 'Grandchild', type: 'group', parentId: rootId })
      .returning({ id: entities.id });
    expect(await names()).toEqual(['Root', 'Child renamed', 'Grandchild']);
    await db.update(entities).set({ deleted: true }).where(eq(entities.id, id));
    expect(await names()).toEqual(['Root', 'Child renamed']);
  });

  it('follows a grant taken away at once (grants are read on every request)', async () => {
    const other = await createUser(api.deps, { email: 'tree-other@example.com' });
    await grant(api.deps, other.id, rootId, 'moderator');
    const before = await api.request('GET', '/api/entities', { token: other.token });
    expect(before.body).toHaveLength(2);
    await api.deps.database.db.execute(sql`delete from permissions where user_id = ${other.id}`);
    const after = await api.request('GET', '/api/entities', { token: other.token });
    expect(after.body).toEqual([]);
  });
});
