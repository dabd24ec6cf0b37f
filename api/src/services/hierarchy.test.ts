import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { entities, permissions, users } from '../db/schema/index';
import { AppError } from '../errors';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { authorizeEntity, getAncestry } from './access.service';
import { loadChain, nearestOrganization } from './entity-chain.service';

/**
 * The hierarchy reads every authorization and every display read starts from: the ancestry (ids,
 * entity first) and the chain (rows, entity first), against PostgreSQL. The routes pin them over
 * HTTP; these pin the edges the routes never reach (ids no route accepts, a deleted entity or
 * ancestor) and were written for the mutation run of issue 18 (docs/testing.md).
 */
describe('hierarchy: ancestry and chain', () => {
  let tdb: TestDatabase;
  let db: Db;
  const ids = { root: 0, org: 0, group: 0, display: 0, gone: 0, underGone: 0 };
  const add = async (
    name: string,
    type: 'system' | 'group' | 'organization' | 'display',
    parentId: number | null,
  ) => (await db.insert(entities).values({ name, type, parentId }).returning({ id: entities.id }))[0].id;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    db = tdb.database.db;
    ids.root = await add('System', 'system', null);
    ids.org = await add('Borettslaget', 'organization', ids.root);
    ids.group = await add('Blokk A', 'group', ids.org);
    ids.display = await add('Inngang 1', 'display', ids.group);
    ids.gone = await add('Revet blokk', 'group', ids.org);
    ids.underGone = await add('Inngang 9', 'display', ids.gone);
    // Deleting flags the whole subtree (entity-delete.service.ts).
    await db
      .update(entities)
      .set({ deleted: true })
      .where(inArray(entities.id, [ids.gone, ids.underGone]));
  });
  afterAll(() => tdb.drop());

  it('lists the ancestry and the chain entity first, up to the root', async () => {
    const path = [ids.display, ids.group, ids.org, ids.root];
    expect(await getAncestry(db, ids.display)).toEqual(path);
    expect((await loadChain(db, ids.display))?.map((e) => e.id)).toEqual(path);
    expect(await getAncestry(db, ids.root)).toEqual([ids.root]);
  });

  it('knows no entity that is missing or deleted, nor ids no entity can have', async () => {
    // 2^31 is past PostgreSQL's integer: asked as such it would fail the query, not answer "none".
    for (const id of [
      ids.gone,
      ids.underGone,
      987_654,
      0,
      -1,
      1.5,
      2 ** 31,
      Number.MAX_SAFE_INTEGER + 2,
      Number.NaN,
    ]) {
      expect(await getAncestry(db, id), `ancestry of ${id}`).toBeNull();
      expect(await loadChain(db, id), `chain of ${id}`).toBeNull();
    }
  });

  it('finds the nearest organization along a chain, or none', async () => {
    const chain = (await loadChain(db, ids.display)) ?? [];
    expect(nearestOrganization(chain)?.id).toBe(ids.org);
    expect(nearestOrganization(chain.filter((e) => e.type !== 'organization'))).toBeNull();
  });

  it('answers "Entity not found" (404) for a missing entity and 403 to a reader without the permission', async () => {
    const [user] = await db
      .insert(users)
      .values({ email: 'moderator@example.com', admin: false })
      .returning({ id: users.id });
    await db.insert(permissions).values({ userId: user.id, entityId: ids.org, role: 'moderator' });
    const actor = { id: user.id, admin: false };
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof AppError ? { status: e.status, message: e.message } : e),
      );
    expect(await refused(authorizeEntity(db, actor, ids.underGone, 'read'))).toEqual({
      status: 404,
      message: 'Entity not found',
    });
    expect(await refused(authorizeEntity(db, actor, ids.display, 'edit_entity'))).toMatchObject({
      status: 403,
    });
    const { ancestry, permissions: granted } = await authorizeEntity(db, actor, ids.display, 'read');
    expect(ancestry).toEqual([ids.display, ids.group, ids.org, ids.root]);
    expect(granted).toContain('read');
  });
  it('ends on a parent cycle in corrupt data instead of hanging (moves refuse to make one)', async () => {
    await db
      .update(entities)
      .set({ parentId: ids.display })
      .where(inArray(entities.id, [ids.root]));
    try {
      const chain = (await loadChain(db, ids.display)) ?? [];
      expect(chain.length).toBeGreaterThan(4);
      expect(chain.length).toBeLessThanOrEqual(65);
      expect((await getAncestry(db, ids.display))?.length).toBeLessThanOrEqual(65);
    } finally {
      await db
        .update(entities)
        .set({ parentId: null })
        .where(inArray(entities.id, [ids.root]));
    }
  });
});
