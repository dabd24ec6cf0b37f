import { Queues } from '@oppslag/api/core';
import {
  createWorld,
  type EnturFake,
  startEnturFake,
  startTestApi,
  type TestApi,
  transitStops,
  type World,
} from '@oppslag/api/testing';
import { cacheKeys, type TransitDepartures } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departuresQuery } from './journey-planner';
import { pollTransit } from './transit.processor';
import { pollEveryMs, syncTransitSchedulers } from './transit.scheduler';

describe('transit polling against a fake JourneyPlanner', () => {
  let api: TestApi;
  let world: World;
  let entur: EnturFake;
  const minute = (n: number) => new Date(Date.UTC(2026, 10, 21, 12, n, 5));
  beforeAll(async () => {
    entur = await startEnturFake();
    api = await startTestApi({
      env: { ENTUR_JOURNEY_PLANNER_URL: entur.journeyPlannerUrl, ENTUR_CLIENT_NAME: 'oppslag-transit-test' },
    });
    world = await createWorld(api.deps);
    await api.deps.database.db.insert(transitStops).values([
      { entityId: world.entities.displayA.id, stopId: 'NSR:StopPlace:58366', label: 'Jernbanetorget' },
      { entityId: world.entities.displayA.id, stopId: 'NSR:StopPlace:337', label: 'Oslo S' },
      { entityId: world.entities.displayA.id, stopId: 'NSR:StopPlace:1', label: 'Gone' },
    ]);
  });
  afterAll(async () => {
    await api.close();
    await entur.close();
  });
  const entityId = () => world.entities.displayA.id;
  const backoffKey = () => `${api.deps.config.redisPrefix}:transit-backoff:${entityId()}`;

  it('builds one aliased query for all stops, quays included', () => {
    const query = departuresQuery(['NSR:StopPlace:1', 'NSR:Quay:2']);
    expect(query).toContain('s0: stopPlace(id: "NSR:StopPlace:1")');
    expect(query).toContain('s1: quay(id: "NSR:Quay:2")');
    expect(query).toContain('estimatedCalls(numberOfDepartures: 6)');
  });

  it('polls all stops in one request, caches departures with a TTL and pushes transit.updated', async () => {
    api.setNow(minute(0));
    const before = entur.requests.length;
    expect(await pollTransit(api.deps, entityId())).toEqual({ status: 'updated', stops: 3 });
    expect(entur.requests.length).toBe(before + 1);
    const request = entur.requests.at(-1)!;
    expect(request.headers['et-client-name']).toBe('oppslag-transit-test');
    const cacheKey = cacheKeys.transit(api.deps.config.redisPrefix, entityId());
    const cached = JSON.parse((await api.deps.redis.get(cacheKey)) as string) as TransitDepartures;
    expect(cached.stops.map((s) => [s.stopId, s.name, s.departures.length])).toEqual([
      ['NSR:StopPlace:58366', 'Jernbanetorget', 2],
      ['NSR:StopPlace:337', 'Oslo S', 1],
      ['NSR:StopPlace:1', null, 0],
    ]);
    expect(cached.stops[0].departures[0]).toMatchObject({
      lineCode: '5',
      frontText: 'Vestli',
      transportMode: 'metro',
    });
    expect(await api.deps.redis.ttl(cacheKey)).toBeGreaterThan(0);
    const { rows } = (await api.deps.database.db.execute(
      `select entity_id, data from events where type = 'transit.updated'`,
    )) as unknown as { rows: { entity_id: number; data: TransitDepartures }[] };
    expect(rows).toHaveLength(1);
    expect(rows[0].entity_id).toBe(entityId());
    expect(rows[0].data.stops).toHaveLength(3);
  });

  it('never polls the same entity twice in one minute, even from two workers at once', async () => {
    api.setNow(minute(1));
    const before = entur.requests.length;
    const outcomes = await Promise.all([
      pollTransit(api.deps, entityId()),
      pollTransit(api.deps, entityId()),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['locked', 'updated']);
    expect((await pollTransit(api.deps, entityId())).status).toBe('locked');
    expect(entur.requests.length).toBe(before + 1);
  });

  it('polls at once, in the same minute, when a stop was removed and added again', async () => {
    api.setNow(minute(40));
    expect((await pollTransit(api.deps, entityId())).status).toBe('updated');
    expect((await pollTransit(api.deps, entityId())).status).toBe('locked');
    const db = api.deps.database.db;
    await db.delete(transitStops).where(eq(transitStops.stopId, 'NSR:StopPlace:337'));
    await db
      .insert(transitStops)
      .values({ entityId: entityId(), stopId: 'NSR:StopPlace:337', label: 'Oslo S' });
    expect((await pollTransit(api.deps, entityId())).status).toBe('updated');
  });

  it('backs off on 429 for Retry-After seconds and exponentially on errors, then recovers', async () => {
    api.setNow(minute(2));
    entur.failNext('journeyPlanner', 429, 1, { 'retry-after': '120' });
    expect(await pollTransit(api.deps, entityId())).toEqual({ status: 'rate_limited', backoffSeconds: 120 });
    const ttl = await api.deps.redis.ttl(backoffKey());
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
    api.setNow(minute(3));
    const before = entur.requests.length;
    expect((await pollTransit(api.deps, entityId())).status).toBe('backing_off');
    expect(entur.requests.length).toBe(before);

    await api.deps.redis.del(backoffKey());
    entur.failNext('journeyPlanner', 502, 2);
    expect(await pollTransit(api.deps, entityId())).toEqual({ status: 'failed', backoffSeconds: 30 });
    await api.deps.redis.del(backoffKey());
    api.setNow(minute(4));
    expect(await pollTransit(api.deps, entityId())).toEqual({ status: 'failed', backoffSeconds: 60 });
    await api.deps.redis.del(backoffKey());
    api.setNow(minute(5));
    expect((await pollTransit(api.deps, entityId())).status).toBe('updated');
    expect(await api.deps.redis.exists(`${api.deps.config.redisPrefix}:transit-failures:${entityId()}`)).toBe(
      0,
    );
  });

  it('reports an entity without stops', async () => {
    expect((await pollTransit(api.deps, world.entities.orgB.id)).status).toBe('no_stops');
  });

  it('keeps one job scheduler per entity with stops and removes it when the stops are gone', async () => {
    api.setNow(null);
    const queues = new Queues({
      redisUrl: api.deps.config.redisUrl,
      redisPrefix: api.deps.config.redisPrefix,
      logger: api.deps.logger,
    });
    try {
      const queue = queues.queue('transit');
      await api.deps.database.db
        .insert(transitStops)
        .values({ entityId: world.entities.orgB.id, stopId: 'NSR:StopPlace:337', label: 'Oslo S' });
      const first = await syncTransitSchedulers(api.deps, queue);
      expect(first.added.sort()).toEqual([world.entities.displayA.id, world.entities.orgB.id].sort());
      const schedulers = await queue.getJobSchedulers(0, -1);
      expect(schedulers.map((s) => [s.key, Number(s.every)]).sort()).toEqual(
        [world.entities.displayA.id, world.entities.orgB.id]
          .map((id) => [`transit-${id}`, pollEveryMs(id)])
          .sort(),
      );
      for (const s of schedulers) expect(Number(s.every)).toBeGreaterThanOrEqual(60_000);
      expect((await syncTransitSchedulers(api.deps, queue)).added).toEqual([]);
      await api.deps.database.db
        .delete(transitStops)
        .where(eq(transitStops.entityId, world.entities.orgB.id));
      expect((await syncTransitSchedulers(api.deps, queue)).removed).toEqual([
        `transit-${world.entities.orgB.id}`,
      ]);
      expect((await queue.getJobSchedulers(0, -1)).map((s) => s.key)).toEqual([
        `transit-${world.entities.displayA.id}`,
      ]);
      await queue.obliterate({ force: true });
    } finally {
      await queues.close();
    }
  });
});
