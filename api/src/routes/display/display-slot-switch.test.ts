import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDisplayId } from '../../lib/hashids';
import { createEntity, createUser } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Issue 31 item 1: the per-entity banner switch (special features) decides what the screens show,
 * by the rule the console uses for its tabs (common's slotSwitchedOn): a banner on an organization
 * whose switch is off reaches no screen; switched on above or at the organization, it does.
 */
describe('display content honours the per-entity slot switch', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('shows banners only where the entity or an ancestor switched the banner slot on', async () => {
    const admin = await createUser(api.deps, {
      email: 'switch@example.com',
      password: 'pw-switch-1',
      admin: true,
    });
    const root = await createEntity(api.deps, { name: 'Root', type: 'system', features: [] });
    const org = await createEntity(api.deps, { name: 'Org', type: 'organization', parentId: root.id });
    const display = await createEntity(api.deps, {
      name: 'Screen',
      type: 'display',
      parentId: org.id,
      apiKey: 'key-sw',
    });
    const banner = await api.request('POST', `/api/content/${org.id}/banner`, {
      token: admin.token,
      body: { type: 'banner-template', templateText: 'Dugnad', duration: 10 },
    });
    expect(banner.status).toBe(201);
    const reg = await api.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(display.id), apiKey: 'key-sw' },
    });
    const banners = async () => {
      const res = await api.request('GET', '/api/display/content', { token: reg.body.token });
      expect(res.status).toBe(200);
      return res.body.banners.map((b: { id: number }) => b.id);
    };
    // Off everywhere: the console shows no banner tab, and the screen shows none either.
    expect(await banners()).toEqual([]);
    const on = await api.request('PUT', `/api/entities/${org.id}`, {
      token: admin.token,
      body: { features: ['banner'] },
    });
    expect(on.status).toBe(200);
    expect(await banners()).toEqual([banner.body.id]);
    await api.request('PUT', `/api/entities/${org.id}`, { token: admin.token, body: { features: [] } });
    expect(await banners()).toEqual([]);
  });
});
