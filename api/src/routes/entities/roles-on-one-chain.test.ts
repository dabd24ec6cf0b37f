import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntity, createUser, createWorld, grant, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Spec §6: a user's role on an entity is the strongest role granted on it or any ancestor. Every
 * other test user holds one role per chain; these hold two, in both orders of strength.
 */
describe('two roles on one chain: the strongest wins', () => {
  let api: TestApi;
  let world: World;
  let strongAbove: { id: number; token: string };
  let strongBelow: { id: number; token: string };
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    const { orgA, groupA } = world.entities;
    strongAbove = await createUser(api.deps, { email: 'owner-above@example.com' });
    await grant(api.deps, strongAbove.id, orgA.id, 'owner');
    await grant(api.deps, strongAbove.id, groupA.id, 'moderator');
    strongBelow = await createUser(api.deps, { email: 'owner-below@example.com' });
    await grant(api.deps, strongBelow.id, orgA.id, 'moderator');
    await grant(api.deps, strongBelow.id, groupA.id, 'owner');
  });
  afterAll(() => api.close());

  it('lets the owner of the organization who moderates the group delete and edit under the group', async () => {
    const { groupA } = world.entities;
    const child = await createEntity(api.deps, {
      name: 'Under the group',
      type: 'group',
      parentId: groupA.id,
    });
    const renamed = await api.request('PUT', `/api/entities/${groupA.id}`, {
      token: strongAbove.token,
      body: { name: 'Renamed by the owner above' },
    });
    expect(renamed.status).toBe(200);
    const deleted = await api.request('DELETE', `/api/entities/${child.id}`, {
      token: strongAbove.token,
      body: {},
    });
    expect(deleted.status).toBe(200);
  });

  it('lets the owner of the group who moderates the organization act as owner on the group only', async () => {
    const { orgA, groupA } = world.entities;
    const child = await createEntity(api.deps, { name: 'Also under it', type: 'group', parentId: groupA.id });
    const onGroup = await api.request('GET', `/api/entities/${groupA.id}`, { token: strongBelow.token });
    expect(onGroup.status).toBe(200);
    expect([...onGroup.body.permissions].sort()).toEqual(
      ['create_entity', 'delete_entity', 'edit_entity', 'moderate_content', 'read'].sort(),
    );
    const deleted = await api.request('DELETE', `/api/entities/${child.id}`, {
      token: strongBelow.token,
      body: {},
    });
    expect(deleted.status).toBe(200);
    // On the organization only the moderator grant applies.
    const onOrg = await api.request('PUT', `/api/entities/${orgA.id}`, {
      token: strongBelow.token,
      body: { name: 'Not allowed' },
    });
    expect(onOrg.status).toBe(403);
  });
});
