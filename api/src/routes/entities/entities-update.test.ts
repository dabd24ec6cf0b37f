import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, events } from '../../db/schema/index';
import { createEntity, createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('entities: update, move, regenerate API key', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const put = (token: string, id: number, body: unknown) =>
    api.request('PUT', `/api/entities/${id}`, { token, body });
  const row = async (id: number) =>
    (await api.deps.database.db.select().from(entities).where(eq(entities.id, id)))[0];

  it('applies partial updates with edit_entity and records entity.updated', async () => {
    const { entities: e, users: u } = world;
    const res = await put(u.administrator.token, e.groupA.id, {
      name: '  Block A  ',
      street: 'Storgata 1',
      zip: '0155',
      city: 'Oslo',
      phoneNumber: '912 34 567',
      noteBoardBackgroundColor: '#f7d4d2',
      showCodeWord: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Block A',
      street: 'Storgata 1',
      phoneNumber: '004791234567',
      noteBoardBackgroundColor: '#f7d4d2',
      showCodeWord: false,
      orientation: 0,
    });
    const cleared = await put(u.administrator.token, e.groupA.id, { street: '' });
    expect(cleared.body.street).toBeNull();
    const [event] = await api.deps.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'entity.updated'), eq(events.entityId, e.groupA.id)));
    expect(event.data).toMatchObject({ changed: expect.arrayContaining(['name', 'street']) });
  });

  it('refuses moderators and strangers, and bad values', async () => {
    const { entities: e, users: u } = world;
    expect((await put(u.moderator.token, e.groupA.id, { name: 'Mine now' })).status).toBe(403);
    expect((await put(u.sibling.token, e.groupA.id, { name: 'Mine now' })).status).toBe(404);
    expect((await put(u.owner.token, e.groupA.id, { phoneNumber: '123' })).status).toBe(400);
    expect((await put(u.owner.token, e.groupA.id, { noteBoardBackgroundColor: 'red' })).status).toBe(400);
    expect((await put(u.owner.token, e.groupA.id, { id: e.orgA.id, name: 'Other' })).status).toBe(400);
    expect((await row(e.groupA.id)).name).toBe('Block A');
  });

  it('keeps orientation, code word, special features, type and moves for the superadmin', async () => {
    const { entities: e, users: u } = world;
    for (const body of [
      { orientation: 1 },
      { codeWord: 'mine' },
      { features: ['special'] },
      { type: 'organization' },
    ]) {
      const res = await put(u.owner.token, e.groupA.id, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
    }
    expect((await put(u.owner.token, e.displayA.id, { parentId: e.orgA.id })).status).toBe(403);
    // The settings form sends the admin fields back unchanged; that is not a change and is accepted.
    expect(
      (await put(u.owner.token, e.groupA.id, { orientation: 0, codeWord: null, name: 'Block A2' })).status,
    ).toBe(200);
    const admin = await put(u.superadmin.token, e.groupA.id, {
      orientation: 1,
      codeWord: 'BlokkA',
      features: ['special'],
    });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ orientation: 1, codeWord: 'BlokkA', features: ['special'] });
  });

  it('refuses a special feature the feature set disables, naming it (ads in the oppslag set)', async () => {
    const { entities: e, users: u } = world;
    const ads = await put(u.superadmin.token, e.groupA.id, { features: ['banner', 'adsSmall', 'adsLarge'] });
    expect(ads.status).toBe(409);
    expect(ads.body.error).toMatchObject({
      code: 'feature_disabled',
      fields: [{ path: 'features', code: 'invalid_value', params: { refused: 'adsSmall, adsLarge' } }],
    });
    expect((await row(e.groupA.id)).features).not.toContain('adsSmall');
    const offered = await put(u.superadmin.token, e.groupA.id, { features: ['banner', 'partnerLogo'] });
    expect(offered.status).toBe(200);
    expect(offered.body.features).toEqual(['banner', 'partnerLogo']);
  });

  it('keeps code words unique regardless of case, and frees an entity’s own word for itself', async () => {
    const { entities: e, users: u } = world;
    const clash = await put(u.superadmin.token, e.orgB.id, { codeWord: 'blokka' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('code_word_taken');
    expect((await put(u.superadmin.token, e.groupA.id, { codeWord: 'BLOKKA' })).status).toBe(200);
    expect((await row(e.orgB.id)).codeWord).toBe('orgb');
  });

  it('moves entities by parentId, never into their own subtree or under a display', async () => {
    const { entities: e, users: u } = world;
    const token = u.superadmin.token;
    const cycle = await put(token, e.orgA.id, { parentId: e.groupA.id });
    expect(cycle.status).toBe(422);
    expect(cycle.body.error.code).toBe('invalid_move');
    expect((await put(token, e.groupA.id, { parentId: e.groupA.id })).status).toBe(422);
    expect((await put(token, e.groupA.id, { parentId: e.displayB.id })).status).toBe(422);
    expect((await put(token, e.groupA.id, { parentId: 999999 })).status).toBe(422);
    expect((await row(e.groupA.id)).parentId).toBe(e.orgA.id);

    const spare = await createEntity(api.deps, { name: 'Spare group', type: 'group', parentId: e.orgA.id });
    const moved = await put(token, spare.id, { parentId: e.orgB.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(e.orgB.id);
    // The owner of A no longer sees it; the owner of B now does.
    expect((await api.request('GET', `/api/entities/${spare.id}`, { token: u.owner.token })).status).toBe(
      404,
    );
    expect((await api.request('GET', `/api/entities/${spare.id}`, { token: u.sibling.token })).status).toBe(
      200,
    );
  });

  it('never lets concurrent moves link two subtrees into a cycle', async () => {
    const token = world.users.superadmin.token;
    const a = await createEntity(api.deps, {
      name: 'Swap A',
      type: 'group',
      parentId: world.entities.root.id,
    });
    const b = await createEntity(api.deps, {
      name: 'Swap B',
      type: 'group',
      parentId: world.entities.root.id,
    });
    const results = await Promise.all([
      put(token, a.id, { parentId: b.id }),
      put(token, b.id, { parentId: a.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('does not turn an entity with children into a display', async () => {
    const res = await put(world.users.superadmin.token, world.entities.orgB.id, { type: 'display' });
    expect(res.status).toBe(409);
    expect((await row(world.entities.orgB.id)).type).toBe('organization');
  });

  it('regenerates a display’s API key for the superadmin only, and bumps its key version', async () => {
    const { entities: e, users: u } = world;
    const path = `/api/entities/${e.displayA.id}/regenerate-api-key`;
    expect((await api.request('POST', path, { token: u.owner.token })).status).toBe(403);
    expect((await api.request('POST', path, { token: u.sibling.token })).status).toBe(404);
    const before = await row(e.displayA.id);
    const res = await api.request('POST', path, { token: u.superadmin.token });
    expect(res.status).toBe(200);
    expect(res.body.apiKey).not.toBe(before.apiKey);
    expect(Buffer.from(res.body.apiKey, 'base64url').length).toBeGreaterThanOrEqual(16);
    const after = await row(e.displayA.id);
    expect(after.apiKeyVersion).toBe(before.apiKeyVersion + 1);
    expect(after.apiKey).toBe(res.body.apiKey);
    const regenerated = await api.deps.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'entity.apiKeyRegenerated'), eq(events.entityId, e.displayA.id)));
    expect(regenerated).toHaveLength(1);
    expect(JSON.stringify(regenerated[0].data)).not.toContain(res.body.apiKey);
    const org = await api.request('POST', `/api/entities/${e.orgA.id}/regenerate-api-key`, {
      token: u.superadmin.token,
    });
    expect(org.status).toBe(400);
  });
});
