import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness';

describe('health endpoints', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers /healthz and /readyz with database and Redis checked', async () => {
    expect((await api.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await api.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: true, redis: true });
  });

  it('exposes Prometheus metrics including route-labelled HTTP latency', async () => {
    await api.request('GET', '/healthz');
    const res = await api.request('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/oppslag_http_request_duration_seconds_bucket\{[^}]*route="\/healthz"/);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await api.request('GET', '/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
