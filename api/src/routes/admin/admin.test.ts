import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, events, installation } from '../../db/schema/index';
import { unitOfWork } from '../../db/unit-of-work';
import { decodeDisplayId } from '../../lib/hashids';
import { markRegistered } from '../../services/display-register.service';
import { markOffline, markOnline } from '../../services/presence.service';
import { createEntity, createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('superadmin: displays and master', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  it('is for the superadmin only', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/displays'],
      ['POST', '/api/admin/displays/update'],
      ['GET', '/api/admin/master'],
    ]) {
      expect((await api.request(method, path)).status, path).toBe(401);
      const body = method === 'POST' ? { entities: 'all' } : undefined;
      expect((await api.request(method, path, { token: world.users.owner.token, body })).status).toBe(403);
    }
  });

  it('lists every display with its organization, registration and online status', async () => {
    const { entities: e, users: u } = world;
    const loose = await createEntity(api.deps, {
      name: 'Loose screen',
      type: 'display',
      parentId: e.root.id,
    });
    const prefix = api.deps.config.redisPrefix;
    await unitOfWork(api.deps, (tx) => markRegistered(tx, e.displayA.id, new Date()));
    await unitOfWork(api.deps, (tx) => markRegistered(tx, e.displayB.id, new Date()));
    await markOnline(api.deps.redis, prefix, e.displayA.id, { ttlSeconds: 30 });
    // Presence of an unregistered display does not make it "online": it has never been set up.
    await markOnline(api.deps.redis, prefix, loose.id, { ttlSeconds: 30 });
    const res = await api.request('GET', '/api/admin/displays', { token: u.superadmin.token });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.map((i: { entity: { id: number } }) => [i.entity.id, i]));
    expect(Object.keys(byId).map(Number).sort()).toEqual([e.displayA.id, e.displayB.id, loose.id].sort());
    expect(byId[e.displayA.id]).toEqual({
      entity: {
        id: e.displayA.id,
        name: 'Display A',
        parentId: e.groupA.id,
        codeWord: null,
        organization: { id: e.orgA.id, name: 'Org A' },
        displayId: expect.any(String),
      },
      display: { onlineStatus: true, registered: true },
      // Screen health comes once the player has reported (realtime/src/health.test.ts).
      health: null,
    });
    expect(decodeDisplayId(byId[e.displayA.id].entity.displayId)).toBe(e.displayA.id);
    expect(byId[e.displayB.id].display).toEqual({ onlineStatus: false, registered: true });
    expect(byId[loose.id]).toMatchObject({
      entity: { organization: null },
      display: { onlineStatus: null, registered: false },
    });

    // The entity views agree, and presence that lapses reads as offline.
    const entity = await api.request('GET', `/api/entities/${e.displayA.id}`, { token: u.owner.token });
    expect(entity.body).toMatchObject({ registered: true, onlineStatus: true });
    await markOffline(api.deps.redis, prefix, e.displayA.id);
    const after = await api.request('GET', '/api/admin/displays', { token: u.superadmin.token });
    expect(
      after.body.find((i: { entity: { id: number } }) => i.entity.id === e.displayA.id).display.onlineStatus,
    ).toBe(false);
  });

  it('keeps the first registration date', async () => {
    const screen = await createEntity(api.deps, {
      name: 'Registered once',
      type: 'display',
      parentId: world.entities.orgA.id,
    });
    const first = new Date('2026-01-01T00:00:00Z');
    await unitOfWork(api.deps, (tx) => markRegistered(tx, screen.id, first));
    await unitOfWork(api.deps, (tx) => markRegistered(tx, screen.id, new Date('2026-06-01T00:00:00Z')));
    const [row] = await api.deps.database.db.select().from(entities).where(eq(entities.id, screen.id));
    expect(row.registeredAt?.toISOString()).toBe(first.toISOString());
  });

  it('records a reload command per targeted display', async () => {
    const { entities: e, users: u } = world;
    const token = u.superadmin.token;
    const commands = async (ids: number[]) =>
      api.deps.database.db
        .select()
        .from(events)
        .where(and(eq(events.type, 'display.command'), inArray(events.entityId, ids)));
    const some = await api.request('POST', '/api/admin/displays/update', {
      token,
      body: { entities: [e.displayA.id] },
    });
    expect(some.status).toBe(200);
    expect(some.body).toEqual({ updated: true, count: 1 });
    expect((await commands([e.displayA.id])).map((c) => c.data)).toEqual([{ command: 'reload' }]);
    const live = await api.deps.database.db
      .select({ id: entities.id })
      .from(entities)
      .where(and(eq(entities.type, 'display'), eq(entities.deleted, false)));
    const all = await api.request('POST', '/api/admin/displays/update', { token, body: { entities: 'all' } });
    expect(all.body).toEqual({ updated: true, count: live.length });
    expect(await commands(live.map((l) => l.id))).toHaveLength(live.length + 1);
  });

  it('validates the update body and updates nothing on a bad one', async () => {
    const token = world.users.superadmin.token;
    const before = (
      await api.deps.database.db.select().from(events).where(eq(events.type, 'display.command'))
    ).length;
    for (const body of [
      {},
      { entities: 'some' },
      { entities: [] },
      { entities: [1.5] },
      { entities: [-1] },
      { entities: 'all', extra: 1 },
      { entities: [world.entities.orgA.id] },
      { entities: [world.entities.displayA.id, 99999] },
    ]) {
      const res = await api.request('POST', '/api/admin/displays/update', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const after = (await api.deps.database.db.select().from(events).where(eq(events.type, 'display.command')))
      .length;
    expect(after).toBe(before);
  });

  it('answers the master entity and display once installed, 404 before', async () => {
    const token = world.users.superadmin.token;
    const before = await api.request('GET', '/api/admin/master', { token });
    expect(before.status).toBe(404);
    expect(before.body.error.code).toBe('not_installed');
    const master = await createEntity(api.deps, {
      name: 'Master display',
      type: 'display',
      parentId: world.entities.root.id,
    });
    await api.deps.database.db.insert(installation).values({
      id: 1,
      adminUserId: world.users.superadmin.id,
      rootEntityId: world.entities.root.id,
      masterDisplayId: master.id,
    });
    const res = await api.request('GET', '/api/admin/master', { token });
    expect(res.status).toBe(200);
    expect(res.body.entity).toMatchObject({ id: world.entities.root.id, type: 'system' });
    expect(res.body.display).toMatchObject({ id: master.id, type: 'display', registered: false });
    expect(decodeDisplayId(res.body.display.displayId)).toBe(master.id);
  });

  it('documents the entity, member and superadmin calls in the OpenAPI document', async () => {
    const doc = (await api.request('GET', '/api/openapi.json')).body;
    for (const [method, path] of [
      ['get', '/api/entities'],
      ['post', '/api/entities'],
      ['get', '/api/entities/{id}'],
      ['put', '/api/entities/{id}'],
      ['delete', '/api/entities/{id}'],
      ['post', '/api/entities/{id}/regenerate-api-key'],
      ['get', '/api/entities/{id}/members'],
      ['post', '/api/entities/{id}/members'],
      ['delete', '/api/entities/{id}/members/{userId}'],
      ['put', '/api/entities/{id}/members/{userId}/permissions'],
      ['get', '/api/admin/displays'],
      ['post', '/api/admin/displays/update'],
      ['get', '/api/admin/master'],
    ])
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const create = doc.paths['/api/entities'].post;
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      required: ['name', 'type'],
      additionalProperties: false,
    });
  });
});
