import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../../db/schema/index';
import { encodeDisplayId } from '../../lib/hashids';
import { createMasterDisplay } from '../../test/content-fixtures';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('display content under the oppslag feature set', () => {
  let api: TestApi;
  let w: World;
  let masterId: number;
  beforeAll(async () => {
    api = await startTestApi({ env: { FEATURE_SET: 'oppslag' } });
    w = await createWorld(api.deps);
    masterId = await createMasterDisplay(api.deps, w.entities.root.id, w.users.superadmin.id);
  });
  afterAll(() => api.close());

  it('leaves out ad slots the feature set disables, even the master’s, and shows the partner logo', async () => {
    // Ads stored before a switch of feature set: the API no longer accepts them, the rows remain.
    await api.deps.database.db.insert(contents).values([
      { entityId: masterId, slot: 'adsSmall', type: 'banner-asset', start: new Date() },
      { entityId: w.entities.orgA.id, slot: 'adsLarge', type: 'banner-asset', start: new Date() },
    ]);
    const logo = await api.request('POST', `/api/content/${w.entities.orgA.id}/partnerLogo`, {
      token: w.users.superadmin.token,
      body: {},
    });
    expect(logo.status).toBe(201);
    const reg = await api.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(w.entities.displayA.id), apiKey: 'key-a' },
    });
    expect(reg.body.manifest).toMatchObject({
      layout: 'oppslag',
      featureSet: {
        name: 'oppslag',
        slots: { banner: { width: 1080, height: 1080 }, adsSmall: { enabled: false } },
      },
    });
    const res = await api.request('GET', '/api/display/content', { token: reg.body.token });
    expect(res.status).toBe(200);
    expect(res.body.adsSmall).toEqual([]);
    expect(res.body.adsLarge).toEqual([]);
    expect(res.body.partnerLogo.map((c: { id: number }) => c.id)).toEqual([logo.body.id]);
    expect(res.body.transit).toBeNull();
    expect(res.body.weather).toBeNull();
  });
});
