import { cacheKeys } from '@oppslag/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EnturFake, startEnturFake } from '../../test/fakes/entur.fake';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('transit stops and stop search', () => {
  let api: TestApi;
  let world: World;
  let entur: EnturFake;
  let base: string;
  beforeAll(async () => {
    entur = await startEnturFake();
    api = await startTestApi({
      env: { ENTUR_GEOCODER_URL: entur.geocoderUrl, ENTUR_CLIENT_NAME: 'oppslag-test' },
    });
    world = await createWorld(api.deps);
    base = `/api/entities/${world.entities.displayA.id}/transit-stops`;
  });
  afterAll(async () => {
    await api.close();
    await entur.close();
  });

  it('searches Entur venues, maps categories to icons and drops stops without one', async () => {
    const token = world.users.moderator.token;
    const res = await api.request('GET', '/api/transit/search-stops?q=oslo', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        stopId: 'NSR:StopPlace:337',
        label: 'Oslo S, Oslo',
        icons: ['rail'],
        category: ['railStation'],
        latitude: 59.910357,
        longitude: 10.753051,
      },
    ]);
    const request = entur.requests.at(-1)!;
    expect(request.path).toBe('/geocoder/v1/autocomplete');
    expect(request.query.get('layers')).toBe('venue');
    expect(request.query.get('text')).toBe('oslo');
    expect(request.headers['et-client-name']).toBe('oppslag-test');
    const multi = await api.request('GET', '/api/transit/search-stops?q=Jernbane', { token });
    expect(multi.body[0]).toMatchObject({ stopId: 'NSR:StopPlace:58366', icons: ['bus', 'tram', 'metro'] });
    const ferry = await api.request('GET', '/api/transit/search-stops?q=aker', { token });
    expect(ferry.body[0].icons).toEqual(['water', 'bus']);
  });

  it('caches results per query in Redis', async () => {
    const token = world.users.moderator.token;
    const before = entur.requests.length;
    const first = await api.request('GET', '/api/transit/search-stops?q=brygge', { token });
    const second = await api.request('GET', '/api/transit/search-stops?q=Brygge', { token });
    expect(second.body).toEqual(first.body);
    expect(entur.requests.length).toBe(before + 1);
    const ttl = await api.deps.redis.ttl(cacheKeys.stopSearch(api.deps.config.redisPrefix, 'brygge'));
    expect(ttl).toBeGreaterThan(0);
  });

  it('needs at least 2 characters, a signed-in user, and reports Entur failures as 502', async () => {
    const token = world.users.moderator.token;
    for (const q of ['', 'a', '%20a%20']) {
      const res = await api.request('GET', `/api/transit/search-stops?q=${q}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Search query must be at least 2 characters');
    }
    expect((await api.request('GET', '/api/transit/search-stops?q=abc', { token })).status).toBe(200);
    // The spec's call table writes the path with a trailing slash (`transit/search-stops/?q=`).
    expect((await api.request('GET', '/api/transit/search-stops/?q=abc', { token })).status).toBe(200);
    expect((await api.request('GET', '/api/transit/search-stops?q=oslo')).status).toBe(401);
    entur.failNext('geocoder', 503);
    const failed = await api.request('GET', '/api/transit/search-stops?q=uncached', { token });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toEqual({
      code: 'upstream_failed',
      message: 'Failed to search for transit stops',
      requestId: expect.any(String),
    });
  });

  it('adds, lists and removes stops with transitStop.changed events', async () => {
    const token = world.users.administrator.token;
    const stop = {
      stopId: 'NSR:StopPlace:58366',
      label: 'Jernbanetorget',
      latitude: 59.911898,
      longitude: 10.75038,
    };
    const created = await api.request('POST', base, { token, body: stop });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...stop, entityId: world.entities.displayA.id });
    expect((await api.request('POST', base, { token, body: stop })).status).toBe(409);
    const second = await api.request('POST', base, {
      token,
      body: { stopId: 'NSR:StopPlace:337', label: 'Oslo S' },
    });
    expect(second.body).toMatchObject({ latitude: null, longitude: null });
    const list = await api.request('GET', base, { token: world.users.moderator.token });
    expect(list.body.map((s: { stopId: string }) => s.stopId)).toEqual([
      'NSR:StopPlace:58366',
      'NSR:StopPlace:337',
    ]);
    expect((await api.request('DELETE', `${base}/${created.body.id}`, { token })).status).toBe(200);
    expect((await api.request('DELETE', `${base}/NSR:StopPlace:337`, { token })).status).toBe(200);
    expect((await api.request('DELETE', `${base}/NSR:StopPlace:337`, { token })).status).toBe(404);
    expect((await api.request('GET', base, { token })).body).toEqual([]);
    const { rows } = (await api.deps.database.db.execute(
      `select data->>'action' as action from events where type = 'transitStop.changed' order by seq`,
    )) as unknown as { rows: { action: string }[] };
    expect(rows.map((r) => r.action)).toEqual(['created', 'created', 'deleted', 'deleted']);
  });

  it('validates stop data and enforces edit_entity', async () => {
    const token = world.users.owner.token;
    for (const body of [
      { stopId: 'Jernbanetorget', label: 'x' },
      { stopId: 'NSR:StopPlace:1' },
      { stopId: 'NSR:StopPlace:1', label: '', latitude: 1 },
      { stopId: 'NSR:StopPlace:1', label: 'x', latitude: 91 },
    ]) {
      expect((await api.request('POST', base, { token, body })).status).toBe(400);
    }
    const body = { stopId: 'NSR:StopPlace:1', label: 'x' };
    expect((await api.request('POST', base, { token: world.users.moderator.token, body })).status).toBe(403);
    expect((await api.request('POST', base, { token: world.users.sibling.token, body })).status).toBe(404);
    expect((await api.request('GET', base, { token: world.users.sibling.token })).status).toBe(404);
    expect((await api.request('DELETE', `${base}/1`, { token: world.users.moderator.token })).status).toBe(
      403,
    );
  });

  it('documents the transit, auto-approve and SMS calls in the OpenAPI document', async () => {
    const doc = (await api.request('GET', '/api/openapi.json')).body;
    const expected: [string, string][] = [
      ['get', '/api/entities/{id}/transit-stops'],
      ['post', '/api/entities/{id}/transit-stops'],
      ['delete', '/api/entities/{id}/transit-stops/{stopId}'],
      ['get', '/api/transit/search-stops'],
      ['get', '/api/entities/{id}/auto-approve-numbers'],
      ['post', '/api/entities/{id}/auto-approve-numbers'],
      ['put', '/api/entities/{id}/auto-approve-numbers/{numberId}'],
      ['delete', '/api/entities/{id}/auto-approve-numbers/{numberId}'],
      ['post', '/api/sms/inbound/{provider}'],
      ['get', '/api/admin/sms'],
    ];
    for (const [method, path] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.paths['/api/sms/inbound/{provider}'].post.security).toEqual([]);
  });
});
