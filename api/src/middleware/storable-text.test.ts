import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../test/fixtures';
import { startTestApi, type TestApi } from '../test/harness';

/** Text PostgreSQL cannot store is refused at the edge with the field named, never a 500. */
describe('unstorable text in requests', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const notes = () => `/api/content/${world.entities.orgA.id}/note`;
  const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString();

  it('answers 400 validation_failed naming the field for a NUL in a note text', async () => {
    const res = await api.request('POST', notes(), {
      token: world.users.moderator.token,
      body: { text: '<p>a\u0000b</p>', date: tomorrow() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields[0]).toMatchObject({ path: 'text', code: 'invalid_format' });
  });

  it('names nested fields and lone surrogates too, and checks the query string', async () => {
    const raw = `{"name":"Org","settings":{"list":["ok","bad \\ud800"]}}`;
    const res = await api.request('PUT', `/api/entities/${world.entities.orgA.id}`, {
      token: world.users.owner.token,
      headers: { 'content-type': 'application/json' },
      raw,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0].path).toBe('settings.list.1');
    const query = await api.request('GET', '/api/admin/sms?status=%00', {
      token: world.users.superadmin.token,
    });
    expect(query.status).toBe(400);
    expect(query.body.error.fields[0].path).toBe('status');
  });

  it('keeps ordinary text, emoji and line breaks', async () => {
    const res = await api.request('POST', notes(), {
      token: world.users.moderator.token,
      body: { text: '<p>Dugnad 🧹 på lørdag\ttab</p>', date: tomorrow() },
    });
    expect(res.status).toBe(201);
  });
});
