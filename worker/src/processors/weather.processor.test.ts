import { organizationLocation } from '@oppslag/api/core';
import {
  createWorld,
  entities,
  type MetFake,
  startMetFake,
  startTestApi,
  type TestApi,
  transitStops,
  type World,
} from '@oppslag/api/testing';
import { addDays, cacheKeys, type WeatherForecast, wallClock } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompactEntry, reduceForecast } from './forecast-reduce';
import { pollWeather, sweepWeather, truncate4 } from './weather.processor';

describe('forecast reduction', () => {
  const entry = (time: string, temperature: number, symbol: string): CompactEntry => ({
    time,
    data: {
      instant: { details: { air_temperature: temperature } },
      next_6_hours: { summary: { symbol_code: symbol } },
    },
  });

  it('groups by Europe/Oslo day, takes min/max and the entry nearest midday', () => {
    // 18:30 in Oslo (UTC+1): the rest of today starts at the next hour.
    const now = new Date('2026-11-21T17:30:00Z');
    const series = [
      entry('2026-11-21T10:00:00Z', 9, 'sun'), // past, ignored
      entry('2026-11-21T17:00:00Z', 3, 'cloudy'),
      entry('2026-11-21T22:00:00Z', -1, 'snow'),
      entry('2026-11-21T23:00:00Z', -2, 'fog'), // 00:00 on the 22nd in Oslo
      entry('2026-11-22T11:00:00Z', 4, 'rain'), // 12:00 Oslo
      entry('2026-11-22T15:00:00Z', 2, 'sleet'),
      entry('2026-11-23T05:00:00Z', -3, 'clearsky_night'),
      entry('2026-11-23T12:00:00Z', 1, 'fair_day'),
      entry('2026-11-24T12:00:00Z', 7, 'rain'),
    ];
    expect(reduceForecast(series, now)).toEqual([
      { date: '2026-11-21', symbolCode: 'cloudy', temperature: 3, minTemperature: -1, maxTemperature: 3 },
      { date: '2026-11-22', symbolCode: 'rain', temperature: 4, minTemperature: -2, maxTemperature: 4 },
      { date: '2026-11-23', symbolCode: 'fair_day', temperature: 1, minTemperature: -3, maxTemperature: 1 },
    ]);
  });

  it('handles days across a DST change and truncates coordinates to 4 decimals', () => {
    expect(wallClock(new Date('2026-03-28T23:30:00Z'))).toMatchObject({ date: '2026-03-29', hour: 0 });
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-12-31', 2)).toBe('2027-01-02');
    expect(truncate4(59.912345678)).toBe(59.9123);
    expect(truncate4(-10.75679)).toBe(-10.7567);
  });
});

describe('weather polling against a fake MET Locationforecast', () => {
  let api: TestApi;
  let world: World;
  let met: MetFake;
  let now = new Date();
  const USER_AGENT = 'oppslag-test/1.0 ops@example.com';
  beforeAll(async () => {
    met = await startMetFake(() => now);
    api = await startTestApi({ env: { MET_URL: met.baseUrl, MET_USER_AGENT: USER_AGENT } });
    world = await createWorld(api.deps);
    await api.deps.database.db
      .update(entities)
      .set({ latitude: 59.912345678, longitude: 10.756789 })
      .where(eq(entities.id, world.entities.orgA.id));
  });
  afterAll(async () => {
    await api.close();
    await met.close();
  });
  const at = (date: Date) => {
    now = date;
    api.setNow(date);
  };
  const cached = async (orgId: number) =>
    JSON.parse(
      (await api.deps.redis.get(cacheKeys.weather(api.deps.config.redisPrefix, orgId))) as string,
    ) as WeatherForecast;

  it('fetches compact with a User-Agent and 4-decimal coordinates, caches three days and pushes weather.updated', async () => {
    at(new Date());
    expect(await pollWeather(api.deps, world.entities.orgA.id)).toEqual({ status: 'updated' });
    const request = met.requests.at(-1)!;
    expect(request.query.get('lat')).toBe('59.9123');
    expect(request.query.get('lon')).toBe('10.7567');
    expect(request.headers['user-agent']).toBe(USER_AGENT);
    expect(request.headers['if-modified-since']).toBeUndefined();
    const forecast = await cached(world.entities.orgA.id);
    expect(forecast.days).toHaveLength(3);
    expect(forecast.days[0].date).toBe(wallClock(now).date);
    for (const day of forecast.days) {
      expect(day.minTemperature).toBeLessThanOrEqual(day.maxTemperature as number);
      expect(day.symbolCode).toMatch(/^(partlycloudy_day|lightrain)$/);
    }
    const { rows } = (await api.deps.database.db.execute(
      `select entity_id from events where type = 'weather.updated'`,
    )) as unknown as { rows: { entity_id: number }[] };
    expect(rows.map((r) => r.entity_id)).toEqual([world.entities.orgA.id]);
  });

  it('does not ask again before Expires, then asks with If-Modified-Since and keeps the cache on 304', async () => {
    const count = met.requests.length;
    const first = await cached(world.entities.orgA.id);
    at(new Date(now.getTime() + 10 * 60_000));
    expect((await pollWeather(api.deps, world.entities.orgA.id)).status).toBe('fresh');
    expect(met.requests.length).toBe(count);
    at(new Date(now.getTime() + 25 * 60_000));
    expect((await pollWeather(api.deps, world.entities.orgA.id)).status).toBe('not_modified');
    expect(met.requests.length).toBe(count + 1);
    expect(met.requests.at(-1)!.headers['if-modified-since']).toBeTruthy();
    expect(await cached(world.entities.orgA.id)).toEqual(first);
    // A new model run: the next poll after Expires gets the new forecast.
    met.newModelRun(10);
    at(new Date(now.getTime() + 31 * 60_000));
    expect((await pollWeather(api.deps, world.entities.orgA.id)).status).toBe('updated');
    expect((await cached(world.entities.orgA.id)).days[0].maxTemperature).not.toBe(
      first.days[0].maxTemperature,
    );
  });

  it('backs off after a failure without losing the cached forecast', async () => {
    const before = await cached(world.entities.orgA.id);
    at(new Date(now.getTime() + 31 * 60_000));
    met.failNext(503);
    expect(await pollWeather(api.deps, world.entities.orgA.id)).toMatchObject({ status: 'failed' });
    const count = met.requests.length;
    expect((await pollWeather(api.deps, world.entities.orgA.id)).status).toBe('fresh');
    expect(met.requests.length).toBe(count);
    expect(await cached(world.entities.orgA.id)).toEqual(before);
  });

  it('uses the first transit stop below an organization without coordinates, and skips those with none', async () => {
    await api.deps.database.db.insert(transitStops).values([
      { entityId: world.entities.displayB.id, stopId: 'NSR:StopPlace:1', label: 'No coordinates' },
      {
        entityId: world.entities.displayB.id,
        stopId: 'NSR:StopPlace:2',
        label: 'Here',
        latitude: 60.391263,
        longitude: 5.322054,
      },
    ]);
    expect(await organizationLocation(api.deps.database.db, world.entities.orgB.id)).toEqual({
      latitude: 60.391263,
      longitude: 5.322054,
    });
    const counts = await sweepWeather(api.deps);
    expect(counts.updated).toBe(1);
    expect(met.requests.at(-1)!.query.get('lat')).toBe('60.3912');
    await api.deps.database.db
      .delete(transitStops)
      .where(eq(transitStops.entityId, world.entities.displayB.id));
    expect((await pollWeather(api.deps, world.entities.orgB.id)).status).toBe('no_location');
  });
});
