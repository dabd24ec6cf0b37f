import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('auto-approve numbers', () => {
  let api: TestApi;
  let world: World;
  let base: string;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    base = `/api/entities/${world.entities.orgA.id}/auto-approve-numbers`;
  });
  afterAll(() => api.close());

  it('creates numbers normalized to 00 + calling code + national number, sorted by description', async () => {
    const token = world.users.administrator.token;
    const a = await api.request('POST', base, {
      token,
      body: { number: '912 34 567', description: 'Zelda' },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      number: '004791234567',
      description: 'Zelda',
      expirationDate: null,
      state: 'active',
    });
    const b = await api.request('POST', base, {
      token,
      body: { number: '070-123 45 67', country: 'se', description: 'Anna', expirationDate: '2099-01-31' },
    });
    expect(b.status).toBe(201);
    expect(b.body.number).toBe('0046701234567');
    // A bare date is valid through that day in Europe/Oslo (UTC+1 in winter).
    expect(b.body.expirationDate).toBe('2099-01-31T22:59:59.999Z');
    const list = await api.request('GET', base, { token: world.users.moderator.token });
    expect(list.status).toBe(200);
    expect(list.body.map((n: { description: string }) => n.description)).toEqual(['Anna', 'Zelda']);
  });

  it('rejects numbers that are not valid for their country, and stores nothing', async () => {
    const token = world.users.owner.token;
    const before = (await api.request('GET', base, { token })).body.length;
    for (const body of [
      { number: '123', description: 'short' },
      { number: '', description: 'empty' },
      { number: '912 34 567', country: 'Norway', description: 'bad country' },
      { number: 912, description: 'not a string' },
      { number: '91234567', description: 'x', expirationDate: 'tomorrow' },
      { number: '91234567', description: 'x', extra: true },
    ]) {
      const res = await api.request('POST', base, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await api.request('GET', base, { token })).body.length).toBe(before);
  });

  it('shows the state expired once the expiration has passed, active before', async () => {
    const token = world.users.owner.token;
    const now = Date.now();
    // An expiry already past is refused (issue 31 item 7); one that passes later turns expired.
    const refused = await api.request('POST', base, {
      token,
      body: {
        number: '+47 41234569',
        description: 'Past',
        expirationDate: new Date(now - 1000).toISOString(),
      },
    });
    expect(refused.status).toBe(400);
    const past = await api.request('POST', base, {
      token,
      body: {
        number: '+47 41234567',
        description: 'Expired',
        expirationDate: new Date(now + 1000).toISOString(),
      },
    });
    const future = await api.request('POST', base, {
      token,
      body: {
        number: '+47 41234568',
        description: 'Future',
        expirationDate: new Date(now + 60_000).toISOString(),
      },
    });
    expect(past.body.state).toBe('active');
    expect(future.body.state).toBe('active');
    api.setNow(new Date(now + 5000));
    const list = await api.request('GET', base, { token });
    api.setNow(null);
    const states = Object.fromEntries(list.body.map((n: { id: number; state: string }) => [n.id, n.state]));
    expect(states[past.body.id]).toBe('expired');
    expect(states[future.body.id]).toBe('active');
  });

  it('updates and deletes, recording autoApproveNumber.changed events', async () => {
    const token = world.users.administrator.token;
    const created = await api.request('POST', base, {
      token,
      body: { number: '99999999', description: 'Old' },
    });
    const updated = await api.request('PUT', `${base}/${created.body.id}`, {
      token,
      body: { number: '004798765432', description: 'New', expirationDate: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ number: '004798765432', description: 'New' });
    const del = await api.request('DELETE', `${base}/${created.body.id}`, { token });
    expect(del.status).toBe(200);
    expect((await api.request('DELETE', `${base}/${created.body.id}`, { token })).status).toBe(404);
    expect(
      (await api.request('PUT', `${base}/${created.body.id}`, { token, body: { number: '99999999' } }))
        .status,
    ).toBe(404);
    const { rows } = (await api.deps.database.db.execute(
      `select data->>'action' as action from events where type = 'autoApproveNumber.changed' and (data->>'id')::int = ${created.body.id} order by seq`,
    )) as unknown as { rows: { action: string }[] };
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
  });

  it('needs edit_entity to write and read to list; other tenants get 404', async () => {
    const { moderator, sibling } = world.users;
    const body = { number: '91234567', description: 'x' };
    expect((await api.request('POST', base, { token: moderator.token, body })).status).toBe(403);
    expect((await api.request('POST', base, { token: sibling.token, body })).status).toBe(404);
    expect((await api.request('GET', base, { token: sibling.token })).status).toBe(404);
    expect((await api.request('GET', base)).status).toBe(401);
    const list = await api.request('GET', base, { token: world.users.superadmin.token });
    const id = list.body[0].id;
    const otherBase = `/api/entities/${world.entities.orgB.id}/auto-approve-numbers`;
    // A number id of another entity is not found through this entity.
    expect(
      (await api.request('DELETE', `${otherBase}/${id}`, { token: world.users.superadmin.token })).status,
    ).toBe(404);
    expect(
      (await api.request('GET', `/api/entities/abc/auto-approve-numbers`, { token: moderator.token })).status,
    ).toBe(404);
  });
});
