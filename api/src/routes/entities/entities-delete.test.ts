import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, events, installation, permissions } from '../../db/schema/index';
import { createEntity, createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('entities: delete', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const del = (token: string, id: number, body?: unknown) =>
    api.request('DELETE', `/api/entities/${id}`, { token, body });
  const deletedFlags = async (ids: number[]) =>
    (await api.deps.database.db.select().from(entities).where(inArray(entities.id, ids)))
      .sort((a, b) => a.id - b.id)
      .map((r) => r.deleted);
  /** A fresh wing under org A: group → (subgroup → display, display). */
  let wings = 0;
  const wing = async () => {
    wings += 1;
    const group = await createEntity(api.deps, {
      name: 'Wing',
      type: 'group',
      parentId: world.entities.orgA.id,
    });
    const sub = await createEntity(api.deps, { name: 'Sub', type: 'group', parentId: group.id });
    const deep = await createEntity(api.deps, { name: 'Deep screen', type: 'display', parentId: sub.id });
    const screen = await createEntity(api.deps, {
      name: 'Screen',
      type: 'display',
      parentId: group.id,
      codeWord: `wing${wings}`,
    });
    return { group, sub, deep, screen };
  };

  it('needs delete_entity: owners may, administrators and moderators may not', async () => {
    const { group } = await wing();
    expect((await del(world.users.administrator.token, group.id, { withChildren: true })).status).toBe(403);
    expect((await del(world.users.moderator.token, group.id, { withChildren: true })).status).toBe(403);
    expect((await del(world.users.sibling.token, group.id, { withChildren: true })).status).toBe(404);
    expect(await deletedFlags([group.id])).toEqual([false]);
  });

  it('refuses to delete an entity with children unless told what to do with them', async () => {
    const { group, sub, deep, screen } = await wing();
    const res = await del(world.users.owner.token, group.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('entity_has_children');
    const both = await del(world.users.owner.token, group.id, {
      withChildren: true,
      moveTo: world.entities.orgA.id,
    });
    expect(both.status).toBe(400);
    expect(await deletedFlags([group.id, sub.id, deep.id, screen.id])).toEqual([false, false, false, false]);
  });

  it('deletes the whole subtree with withChildren, answers the updated list, and frees code words', async () => {
    const { group, sub, deep, screen } = await wing();
    const res = await del(world.users.owner.token, group.id, { withChildren: true });
    expect(res.status).toBe(200);
    const listed = res.body.map((e: { id: number }) => e.id);
    expect(listed).toContain(world.entities.orgA.id);
    for (const id of [group.id, sub.id, deep.id, screen.id]) expect(listed).not.toContain(id);
    expect(await deletedFlags([group.id, sub.id, deep.id, screen.id])).toEqual([true, true, true, true]);
    const deletedEvents = await api.deps.database.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.type, 'entity.deleted'),
          inArray(events.entityId, [group.id, sub.id, deep.id, screen.id]),
        ),
      );
    expect(deletedEvents).toHaveLength(4);
    expect((await del(world.users.owner.token, group.id, { withChildren: true })).status).toBe(404);
    // The deleted display's code word can be used again.
    const reuse = await api.request('PUT', `/api/entities/${world.entities.orgA.id}`, {
      token: world.users.superadmin.token,
      body: { codeWord: `WING${wings}` },
    });
    expect(reuse.status).toBe(200);
    await api.request('PUT', `/api/entities/${world.entities.orgA.id}`, {
      token: world.users.superadmin.token,
      body: { codeWord: 'orga' },
    });
  });

  it('moves the children to a valid target with moveTo', async () => {
    const { group, sub, screen } = await wing();
    const target = await createEntity(api.deps, {
      name: 'Target',
      type: 'group',
      parentId: world.entities.orgA.id,
    });
    const token = world.users.owner.token;
    for (const moveTo of [group.id, sub.id, screen.id, world.entities.displayA.id, 999999]) {
      const res = await del(token, group.id, { moveTo });
      expect(res.status, `moveTo ${moveTo}`).toBe(422);
      expect(res.body.error.code).toBe('invalid_move');
    }
    // Another tenant's entity is not a target the owner of A can see.
    expect((await del(token, group.id, { moveTo: world.entities.orgB.id })).status).toBe(422);
    const res = await del(token, group.id, { moveTo: target.id });
    expect(res.status).toBe(200);
    const rows = await api.deps.database.db
      .select()
      .from(entities)
      .where(inArray(entities.id, [sub.id, screen.id]));
    for (const r of rows) expect(r).toMatchObject({ parentId: target.id, deleted: false });
    expect(await deletedFlags([group.id])).toEqual([true]);
  });

  it('needs create_entity on the move target', async () => {
    const { group } = await wing();
    const elsewhere = await createEntity(api.deps, {
      name: 'Elsewhere',
      type: 'group',
      parentId: world.entities.orgB.id,
    });
    // The superadmin makes the owner of A a mere moderator on a group of B.
    await api.deps.database.db.insert(permissions).values({
      userId: world.users.owner.id,
      entityId: elsewhere.id,
      role: 'moderator',
    });
    expect((await del(world.users.owner.token, group.id, { moveTo: elsewhere.id })).status).toBe(403);
    expect(await deletedFlags([group.id])).toEqual([false]);
  });

  it('never deletes the installation’s root entity or master display', async () => {
    const master = await createEntity(api.deps, {
      name: 'Master',
      type: 'display',
      parentId: world.entities.root.id,
    });
    await api.deps.database.db.insert(installation).values({
      id: 1,
      adminUserId: world.users.superadmin.id,
      rootEntityId: world.entities.root.id,
      masterDisplayId: master.id,
    });
    const token = world.users.superadmin.token;
    expect((await del(token, master.id)).status).toBe(409);
    expect((await del(token, world.entities.root.id, { withChildren: true })).status).toBe(409);
    expect(await deletedFlags([world.entities.root.id, master.id])).toEqual([false, false]);
    await api.deps.database.db.delete(installation);
  });
});
