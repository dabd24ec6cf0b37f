import {
  createWorld,
  type EnturFake,
  type MetFake,
  startEnturFake,
  startMetFake,
  startTestApi,
  type TestApi,
  type World,
} from '@oppslag/api/testing';
import { cacheKeys } from '@oppslag/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerRuntime, type WorkerRuntime } from '../runtime';
import { waitFor } from '../test/sms-pipeline';

describe('polling in the running worker', () => {
  let api: TestApi;
  let world: World;
  let entur: EnturFake;
  let met: MetFake;
  let runtime: WorkerRuntime;
  beforeAll(async () => {
    entur = await startEnturFake();
    met = await startMetFake();
    api = await startTestApi({
      env: {
        ENTUR_JOURNEY_PLANNER_URL: entur.journeyPlannerUrl,
        ENTUR_GEOCODER_URL: entur.geocoderUrl,
        MET_URL: met.baseUrl,
      },
    });
    world = await createWorld(api.deps);
    runtime = await startWorkerRuntime(api.deps, { sweepMs: 200, background: { schedulerSyncMs: 500 } });
  });
  afterAll(async () => {
    await runtime.close();
    await api.close();
    await entur.close();
    await met.close();
  });

  it('polls a stop as soon as it is added, schedules the entity, and unschedules it when the stops are gone', async () => {
    const base = `/api/entities/${world.entities.displayA.id}/transit-stops`;
    const token = world.users.administrator.token;
    const added = await api.request('POST', base, {
      token,
      body: {
        stopId: 'NSR:StopPlace:58366',
        label: 'Jernbanetorget',
        latitude: 59.911898,
        longitude: 10.75038,
      },
    });
    expect(added.status).toBe(201);
    const key = cacheKeys.transit(api.deps.config.redisPrefix, world.entities.displayA.id);
    const cached = await waitFor(() => api.deps.redis.get(key));
    expect(JSON.parse(cached).stops[0].departures.length).toBeGreaterThan(0);
    const queue = runtime.queues.queue('transit');
    await waitFor(async () => (await queue.getJobScheduler(`transit-${world.entities.displayA.id}`)) ?? null);
    // The weather sweep's scheduler is created alongside.
    expect(await runtime.queues.queue('weather').getJobScheduler('weather-sweep')).toBeTruthy();
    expect((await api.request('DELETE', `${base}/${added.body.id}`, { token })).status).toBe(200);
    await waitFor(async () => !(await queue.getJobScheduler(`transit-${world.entities.displayA.id}`)));
  });
});
