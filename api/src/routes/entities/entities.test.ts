import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, events } from '../../db/schema/index';
import { decodeDisplayId } from '../../lib/hashids';
import { createEntity, createUser, createWorld, grant, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('entities: list, read, create', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const ids = (list: { id: number }[]) => list.map((e) => e.id).sort((a, b) => a - b);

  it('lists every entity for the superadmin and the granted subtrees for everyone else', async () => {
    const { entities: e, users: u } = world;
    const all = await api.request('GET', '/api/entities', { token: u.superadmin.token });
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual(ids(Object.values(e)));
    const owner = await api.request('GET', '/api/entities', { token: u.owner.token });
    expect(ids(owner.body)).toEqual(ids([e.orgA, e.groupA, e.displayA]));
    const sibling = await api.request('GET', '/api/entities', { token: u.sibling.token });
    expect(ids(sibling.body)).toEqual(ids([e.orgB, e.displayB]));
    expect((await api.request('GET', '/api/entities')).status).toBe(401);
  });

  it('carries each item’s permissions, and shows the API key to the superadmin only', async () => {
    const { entities: e, users: u } = world;
    const mod = await api.request('GET', '/api/entities', { token: u.moderator.token });
    const display = mod.body.find((x: { id: number }) => x.id === e.displayA.id);
    expect(display.permissions).toEqual(['read', 'moderate_content']);
    expect(display).not.toHaveProperty('apiKey');
    expect(decodeDisplayId(display.displayId)).toBe(e.displayA.id);
    expect(display.displayId.length).toBeGreaterThanOrEqual(10);
    expect(display).toMatchObject({ registered: false, onlineStatus: null });
    const org = mod.body.find((x: { id: number }) => x.id === e.orgA.id);
    expect(org.displayId).toBeNull();
    const owner = await api.request('GET', `/api/entities/${e.groupA.id}`, { token: u.owner.token });
    expect(owner.body.permissions).toContain('delete_entity');
    const admin = await api.request('GET', `/api/entities/${e.displayA.id}`, { token: u.superadmin.token });
    expect(admin.body.apiKey).toBe('key-a');
  });

  it("names the chain above a member's highest entities, with its features, and nothing above the superadmin's", async () => {
    const { entities: e, users: u } = world;
    // A member of group A only: the organization above is not readable, but what it switched on
    // (its banner slot) applies below, and inherited content names it.
    const groupOnly = await createEntity(api.deps, { name: 'Group A2', type: 'group', parentId: e.orgA.id });
    const below = await createEntity(api.deps, {
      name: 'Display A2',
      type: 'display',
      parentId: groupOnly.id,
    });
    const member = await createUser(api.deps, { email: 'group-admin@example.com' });
    await grant(api.deps, member.id, groupOnly.id, 'administrator');
    await api.request('PUT', `/api/entities/${e.orgA.id}`, {
      token: u.superadmin.token,
      body: { features: ['banner'] },
    });
    const list = await api.request('GET', '/api/entities', { token: member.token });
    expect(ids(list.body)).toEqual(ids([groupOnly, below]));
    const top = list.body.find((x: { id: number }) => x.id === groupOnly.id);
    expect(top.ancestors).toEqual([
      { id: e.orgA.id, name: 'Org A', features: ['banner'] },
      // A test installation's root switches every slot on (test/fixtures.ts).
      { id: e.root.id, name: 'System', features: ['banner', 'partnerLogo', 'adsSmall', 'adsLarge'] },
    ]);
    expect(list.body.find((x: { id: number }) => x.id === below.id)).not.toHaveProperty('ancestors');
    const one = await api.request('GET', `/api/entities/${groupOnly.id}`, { token: member.token });
    expect(one.body.ancestors).toEqual(top.ancestors);
    // The owner of org A reads the organization itself: the system root above is named; the
    // superadmin reads everything and gets no chain.
    const owner = await api.request('GET', '/api/entities', { token: u.owner.token });
    expect(owner.body.find((x: { id: number }) => x.id === e.groupA.id)).not.toHaveProperty('ancestors');
    const admin = await api.request('GET', `/api/entities/${groupOnly.id}`, { token: u.superadmin.token });
    expect(admin.body).not.toHaveProperty('ancestors');
    await api.request('PUT', `/api/entities/${e.orgA.id}`, {
      token: u.superadmin.token,
      body: { features: [] },
    });
  });

  it('presents an entity the same in the list as on its own', async () => {
    const { users: u } = world;
    await api.request('PUT', `/api/entities/${world.entities.orgA.id}`, {
      token: u.superadmin.token,
      body: { street: 'Gata 1', latitude: 59.9, services: { weather: false }, features: ['special'] },
    });
    for (const token of [u.superadmin.token, u.administrator.token]) {
      const list = await api.request('GET', '/api/entities', { token });
      for (const item of list.body) {
        const one = await api.request('GET', `/api/entities/${item.id}`, { token });
        expect(item).toEqual(one.body);
      }
    }
  });

  it('answers 404 for entities a user cannot see and for missing ones', async () => {
    const { entities: e, users: u } = world;
    expect((await api.request('GET', `/api/entities/${e.orgB.id}`, { token: u.owner.token })).status).toBe(
      404,
    );
    expect((await api.request('GET', `/api/entities/${e.root.id}`, { token: u.owner.token })).status).toBe(
      404,
    );
    expect((await api.request('GET', '/api/entities/999999', { token: u.superadmin.token })).status).toBe(
      404,
    );
    expect(
      (await api.request('GET', `/api/entities/${e.orgA.id}`, { token: u.moderator.token })).status,
    ).toBe(200);
  });

  it('validates creation with the spec’s messages', async () => {
    const token = world.users.superadmin.token;
    const parentId = world.entities.orgA.id;
    const cases: [unknown, string][] = [
      [{ name: 'ab', type: 'group', parentId }, 'Entity name has to be at least 3 characters long'],
      [
        { name: 'x'.repeat(256), type: 'group', parentId },
        'Entity name cannot be more than 255 characters long',
      ],
      [{ name: 42, type: 'group', parentId }, 'Entity name must be a string'],
      [{ name: 'Valid', type: 'tower', parentId }, 'Entity type is not one of accepted values'],
      [
        { name: 'Valid', type: 'group', parentId, codeWord: 'ab' },
        'Code word has to be at least 3 characters long',
      ],
      [
        { name: 'Valid', type: 'group', parentId, codeWord: 'abcdefghijk' },
        'Code word cannot be more than 10 characters long',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.request('POST', '/api/entities', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', message });
    }
  });

  it('lets administrators create groups and displays inside their tree, and nothing else', async () => {
    const { entities: e, users: u } = world;
    const created = await api.request('POST', '/api/entities', {
      token: u.administrator.token,
      body: { name: 'Entrance screen', type: 'display', parentId: e.groupA.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Entrance screen', type: 'display', parentId: e.groupA.id });
    expect(created.body.permissions).toContain('create_entity');
    expect(decodeDisplayId(created.body.displayId)).toBe(created.body.id);
    const [row] = await api.deps.database.db.select().from(entities).where(eq(entities.id, created.body.id));
    expect(row.apiKey?.length).toBeGreaterThanOrEqual(32);
    const [event] = await api.deps.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'entity.created'), eq(events.entityId, created.body.id)));
    expect(event.actorId).toBe(u.administrator.id);
    expect(JSON.stringify(event.data)).not.toContain(row.apiKey);

    const post = (token: string, body: unknown) => api.request('POST', '/api/entities', { token, body });
    expect((await post(u.moderator.token, { name: 'Nope', type: 'group', parentId: e.orgA.id })).status).toBe(
      403,
    );
    expect((await post(u.owner.token, { name: 'Nope', type: 'group', parentId: e.orgB.id })).status).toBe(
      404,
    );
    expect(
      (await post(u.owner.token, { name: 'Nope', type: 'organization', parentId: e.orgA.id })).status,
    ).toBe(403);
    expect((await post(u.owner.token, { name: 'Nope', type: 'group' })).status).toBe(403);
    expect(
      (await post(u.owner.token, { name: 'Nope', type: 'group', parentId: e.orgA.id, codeWord: 'nope' }))
        .status,
    ).toBe(403);
    const underDisplay = await post(u.owner.token, { name: 'Nope', type: 'group', parentId: e.displayA.id });
    expect(underDisplay.status).toBe(400);
    expect(underDisplay.body.error.message).toBe('An entity of type display cannot have children');
  });

  it('lets the superadmin create organizations at the top and keeps code words unique regardless of case', async () => {
    const token = world.users.superadmin.token;
    const top = await api.request('POST', '/api/entities', {
      token,
      body: { name: 'New housing co', type: 'organization' },
    });
    expect(top.status).toBe(201);
    expect(top.body.parentId).toBeNull();
    const taken = await api.request('POST', '/api/entities', {
      token,
      body: { name: 'Copycat', type: 'organization', parentId: world.entities.root.id, codeWord: 'ORGA' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('code_word_taken');
    const fresh = await api.request('POST', '/api/entities', {
      token,
      body: { name: 'Fresh', type: 'organization', parentId: world.entities.root.id, codeWord: 'Fresh1' },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.codeWord).toBe('Fresh1');
  });

  it('maps a lost race on the code-word index to 409 as well', async () => {
    const token = world.users.superadmin.token;
    const body = (n: number) => ({
      name: `Racer ${n}`,
      type: 'group',
      parentId: world.entities.root.id,
      codeWord: 'race',
    });
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => api.request('POST', '/api/entities', { token, body: body(n) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error.code).toBe('code_word_taken');
  });

  it('never lists deleted entities or their subtrees', async () => {
    const parent = await createEntity(api.deps, {
      name: 'Old wing',
      type: 'group',
      parentId: world.entities.orgA.id,
    });
    const child = await createEntity(api.deps, { name: 'Old screen', type: 'display', parentId: parent.id });
    await api.deps.database.db.update(entities).set({ deleted: true }).where(eq(entities.id, parent.id));
    await api.deps.database.db.update(entities).set({ deleted: true }).where(eq(entities.id, child.id));
    const list = await api.request('GET', '/api/entities', { token: world.users.owner.token });
    expect(ids(list.body)).not.toContain(parent.id);
    expect(ids(list.body)).not.toContain(child.id);
    expect(
      (await api.request('GET', `/api/entities/${child.id}`, { token: world.users.superadmin.token })).status,
    ).toBe(404);
  });
});
