import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets as assetsTable, events as eventsTable } from '../db/schema/index';
import { rateLimiter } from '../lib/rate-limit';
import { ROUTE_LIMITS } from '../services/route-limits';
import { pngSample } from '../test/asset-samples';
import { uploadAsset } from '../test/asset-upload';
import { type EnturFake, startEnturFake } from '../test/fakes/entur.fake';
import { createWorld, type World } from '../test/fixtures';
import { startTestApi, type TestApi } from '../test/harness';

/**
 * Rate limits on the routes that cost work or send something (issue 28 item 8), over real HTTP
 * with the budgets in the real Redis: past a budget the route answers 429 `rate_limited` with
 * Retry-After and does nothing; other keys keep their own budgets.
 */
describe('route budgets', () => {
  let api: TestApi;
  let w: World;
  let entur: EnturFake;
  beforeAll(async () => {
    entur = await startEnturFake();
    api = await startTestApi({ env: { ENTUR_GEOCODER_URL: entur.geocoderUrl } });
    w = await createWorld(api.deps);
  });
  afterAll(async () => {
    await api.close();
    await entur.close();
  });

  const expectLimited = (
    res: { status: number; body: { error: { code: string } }; headers: Headers },
    maxWait: number,
  ) => {
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(maxWait);
  };

  it('screenshot requests: 6 a minute per screen, then 429 and no capture command', async () => {
    const screenshot = (id: number, token = w.users.owner.token) =>
      api.request('POST', `/api/entities/${id}/health/screenshot`, { token });
    const events = () => api.deps.database.db.$count(eventsTable);
    for (let i = 0; i < ROUTE_LIMITS.screenshotDisplay.points; i++)
      expect((await screenshot(w.entities.displayA.id)).status).toBe(202);
    const before = await events();
    const refused = await screenshot(w.entities.displayA.id, w.users.moderator.token);
    expectLimited(refused, ROUTE_LIMITS.screenshotDisplay.duration);
    expect(await events()).toBe(before);
    // Another screen has its own budget.
    expect((await screenshot(w.entities.displayB.id, w.users.sibling.token)).status).toBe(202);
  });

  it('preview tokens: 30 per 10 minutes per user', async () => {
    const preview = (token: string) =>
      api.request('POST', `/api/entities/${w.entities.displayA.id}/display-preview`, { token });
    for (let i = 0; i < ROUTE_LIMITS.preview.points; i++)
      expect((await preview(w.users.moderator.token)).status).toBe(200);
    expectLimited(await preview(w.users.moderator.token), ROUTE_LIMITS.preview.duration);
    expect((await preview(w.users.owner.token)).status).toBe(200);
  });

  it('transit stop search: 60 a minute per user', async () => {
    const search = (token: string) => api.request('GET', '/api/transit/search-stops?q=oslo', { token });
    for (let i = 0; i < ROUTE_LIMITS.stopSearch.points; i++)
      expect((await search(w.users.administrator.token)).status).toBe(200);
    expectLimited(await search(w.users.administrator.token), ROUTE_LIMITS.stopSearch.duration);
    expect((await search(w.users.sibling.token)).status).toBe(200);
  });

  it('uploads: a daily volume per organization counted in stored bytes, then 429 and nothing stored', async () => {
    const budget = rateLimiter(api.deps, 'route-uploadBytes', ROUTE_LIMITS.uploadBytes);
    const first = await uploadAsset(api, w.users.moderator.token, w.entities.groupA.id, {
      bytes: await pngSample(120, 80),
    });
    expect(first.status).toBe(201);
    // Counted for the organization (the upload went to a group in it), in bytes.
    const spent = (await budget.get(String(w.entities.orgA.id)))?.consumedPoints ?? 0;
    expect(spent).toBeGreaterThan(100);
    expect(spent).toBeLessThan(100_000);
    // Earlier uploads of the day have used all but a few bytes of the organization's volume.
    await budget.penalty(String(w.entities.orgA.id), ROUTE_LIMITS.uploadBytes.points - spent - 10);
    const assets = () => api.deps.database.db.$count(assetsTable);
    const before = await assets();
    const refused = await uploadAsset(api, w.users.moderator.token, w.entities.orgA.id, {
      bytes: await pngSample(120, 80),
    });
    expectLimited(refused, ROUTE_LIMITS.uploadBytes.duration);
    expect(await assets()).toBe(before);
    // Another organization has its own volume.
    const other = await uploadAsset(api, w.users.sibling.token, w.entities.orgB.id, {
      bytes: await pngSample(120, 80),
    });
    expect(other.status).toBe(201);
  });
});
