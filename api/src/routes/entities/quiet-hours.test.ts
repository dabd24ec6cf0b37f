import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/** Quiet hours (issue 16): an entity setting inherited down the chain into each display's manifest. */
describe('quiet hours', () => {
  let api: TestApi;
  let world: World;
  let displayToken: string;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    displayToken = await api.deps.tokens.signDisplay(world.entities.displayA.id, 0);
  });
  afterAll(() => api.close());

  const put = (id: number, quietHours: unknown, token = world.users.owner.token) =>
    api.request('PUT', `/api/entities/${id}`, { token, body: { quietHours } });
  const manifest = async () =>
    (await api.request('GET', '/api/display/manifest', { token: displayToken })).body.quietHours;

  it('is inherited from the organization unless a lower entity sets its own or turns it off', async () => {
    expect(await manifest()).toBeNull();
    const night = { start: '23:00', end: '06:00', mode: 'blank' };
    const res = await put(world.entities.orgA.id, night);
    expect(res.status).toBe(200);
    expect(res.body.quietHours).toEqual(night);
    expect(await manifest()).toEqual(night);

    const dim = { start: '22:00', end: '07:00', mode: 'dim' };
    expect((await put(world.entities.groupA.id, dim)).status).toBe(200);
    expect(await manifest()).toEqual(dim);

    expect((await put(world.entities.displayA.id, { ...dim, mode: 'off' })).status).toBe(200);
    expect(await manifest()).toBeNull();

    // null on the display inherits again (the group's).
    expect((await put(world.entities.displayA.id, null)).status).toBe(200);
    expect(await manifest()).toEqual(dim);
  });

  it('refuses times that are not HH:MM, and moderators', async () => {
    const bad = await put(world.entities.orgA.id, { start: '25:00', end: '06:00', mode: 'blank' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toBe('quietHours.start');
    const moderator = await put(
      world.entities.orgA.id,
      { start: '23:00', end: '06:00', mode: 'blank' },
      world.users.moderator.token,
    );
    expect(moderator.status).toBe(403);
  });
});
