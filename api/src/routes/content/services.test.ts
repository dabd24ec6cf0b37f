import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEntity } from '../../test/content-fixtures';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('GET /api/content/{entityId}/service', () => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const services = async (entityId: number, token = w.users.moderator.token) =>
    api.request('GET', `/api/content/${entityId}/service`, { token });

  it('lists every display module, on by default', async () => {
    const res = await services(w.entities.displayA.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      ['clock', 'weather', 'transit', 'notes', 'banners', 'info'].map((name) => ({ name, enabled: true })),
    );
  });

  it('inherits each module from the nearest entity that sets it', async () => {
    await setEntity(api.deps, w.entities.orgA.id, { services: { weather: false, transit: false } });
    await setEntity(api.deps, w.entities.displayA.id, { services: { transit: true } });
    const display = Object.fromEntries(
      (await services(w.entities.displayA.id)).body.map((s: { name: string; enabled: boolean }) => [
        s.name,
        s.enabled,
      ]),
    );
    expect(display).toMatchObject({ weather: false, transit: true, clock: true });
    const group = Object.fromEntries(
      (await services(w.entities.groupA.id)).body.map((s: { name: string; enabled: boolean }) => [
        s.name,
        s.enabled,
      ]),
    );
    expect(group).toMatchObject({ weather: false, transit: false });
  });

  it('is 404 for users outside the tree and 401 without a token', async () => {
    expect((await services(w.entities.displayA.id, w.users.sibling.token)).status).toBe(404);
    expect((await api.request('GET', `/api/content/${w.entities.displayA.id}/service`)).status).toBe(401);
  });
});
