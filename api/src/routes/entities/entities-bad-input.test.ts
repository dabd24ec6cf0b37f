import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, events, permissions } from '../../db/schema/index';
import { createWorld, grant, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Bad input to the entity, member and superadmin routes: every answer is a 4xx with an error body,
 * never a 500, and the stored state (entities, permissions, events) is exactly as before.
 */
describe('entities, members, admin: bad input', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    await grant(api.deps, world.users.moderator.id, world.entities.groupA.id, 'moderator');
  });
  afterAll(() => api.close());

  const snapshot = async () => {
    const db = api.deps.database.db;
    const sort = <T extends { id: number | string }>(rows: T[]) =>
      rows.sort((a, b) => String(a.id).localeCompare(String(b.id)));
    return {
      entities: sort(await db.select().from(entities)),
      permissions: sort(await db.select().from(permissions)),
      events: (await db.select().from(events)).length,
    };
  };

  const HUGE = 99999999999;
  type Case = [method: string, path: string, body?: unknown, raw?: string];
  const cases = (w: World): Case[] => {
    const e = w.entities;
    const group = `/api/entities/${e.groupA.id}`;
    const members = `/api/entities/${e.groupA.id}/members`;
    const member = `${members}/${w.users.moderator.id}`;
    return [
      // Path ids that cannot exist.
      ['GET', `/api/entities/${HUGE}`],
      ['GET', '/api/entities/-1'],
      ['GET', '/api/entities/0'],
      ['GET', '/api/entities/1.5'],
      ['GET', '/api/entities/abc'],
      ['GET', '/api/entities/1e3'],
      ['PUT', `/api/entities/${HUGE}`, { name: 'Huge' }],
      ['DELETE', '/api/entities/-4', {}],
      ['POST', `/api/entities/${HUGE}/regenerate-api-key`],
      ['GET', `/api/entities/${HUGE}/members`],
      ['DELETE', `${members}/${HUGE}`],
      ['DELETE', `${members}/-1`],
      ['PUT', `${members}/abc/permissions`, { autoApprove: true }],
      // Create: wrong types, unknown fields, wrong shapes.
      ['POST', '/api/entities', { name: 123, type: 'group', parentId: e.orgA.id }],
      ['POST', '/api/entities', { name: 'Valid name', type: 7, parentId: e.orgA.id }],
      ['POST', '/api/entities', { name: 'Valid name', type: 'group', parentId: 'one' }],
      ['POST', '/api/entities', { name: 'Valid name', type: 'group', parentId: -1 }],
      ['POST', '/api/entities', { name: 'Valid name', type: 'group', parentId: 1.5 }],
      ['POST', '/api/entities', { name: 'Valid name', type: 'group', parentId: HUGE }],
      ['POST', '/api/entities', { name: 'Valid name', type: 'group', parentId: e.orgA.id, apiKey: 'mine' }],
      ['POST', '/api/entities', { name: 'Valid name', type: 'group', parentId: e.orgA.id, codeWord: 12345 }],
      [
        'POST',
        '/api/entities',
        { name: 'Valid name', type: 'group', parentId: e.orgA.id, codeWord: 'two words' },
      ],
      ['POST', '/api/entities', [{ name: 'Valid name', type: 'group' }]],
      ['POST', '/api/entities', null],
      ['POST', '/api/entities', 'just a string'],
      ['POST', '/api/entities', undefined, '{"name": "Broken", '],
      ['POST', '/api/entities', { name: 'x'.repeat(300_000), type: 'group', parentId: e.orgA.id }],
      // Update.
      ['PUT', group, { orientation: 2 }],
      ['PUT', group, { orientation: '1' }],
      ['PUT', group, { features: 'special' }],
      ['PUT', group, { noteBoardBackgroundColor: 5 }],
      ['PUT', group, { noteBoardBackgroundColor: 'javascript:alert(1)' }],
      ['PUT', group, { latitude: 'north' }],
      ['PUT', group, { latitude: 91 }],
      ['PUT', group, { services: [] }],
      ['PUT', group, { deleted: true }],
      ['PUT', group, { apiKey: 'stolen' }],
      ['PUT', group, { parentId: HUGE }],
      ['PUT', group, { parentId: -3 }],
      ['PUT', group, { name: '' }],
      ['PUT', group, undefined, '[1, 2'],
      // Delete.
      ['DELETE', `/api/entities/${e.orgA.id}`, { withChildren: 'yes' }],
      ['DELETE', `/api/entities/${e.orgA.id}`, { moveTo: -5 }],
      ['DELETE', `/api/entities/${e.orgA.id}`, { moveTo: HUGE }],
      ['DELETE', `/api/entities/${e.orgA.id}`, { moveTo: 'root' }],
      ['DELETE', `/api/entities/${e.orgA.id}`, { purge: true }],
      ['DELETE', `/api/entities/${e.orgA.id}`, {}],
      // Members.
      ['POST', members, { email: 'a@example.com', role: 'owner' }],
      ['POST', members, [{ email: 42, role: 'owner' }]],
      ['POST', members, [{ email: 'a@example.com', role: 'superadmin' }]],
      ['POST', members, [{ email: 'a@example.com' }]],
      [
        'POST',
        members,
        Array.from({ length: 101 }, (_, i) => ({ email: `m${i}@example.com`, role: 'moderator' })),
      ],
      ['PUT', `${member}/permissions`, { autoApprove: 'yes' }],
      ['PUT', `${member}/permissions`, { smsNotifications: 1 }],
      ['PUT', `${member}/permissions`, { role: 'owner' }],
      ['PUT', `${member}/permissions`, {}],
      ['PUT', `${member}/permissions`, undefined, 'autoApprove=true'],
      // Superadmin.
      ['POST', '/api/admin/displays/update', { entities: [HUGE] }],
      ['POST', '/api/admin/displays/update', { entities: [1e20] }],
      ['POST', '/api/admin/displays/update', { entities: ['1'] }],
      ['POST', '/api/admin/displays/update', { entities: 'ALL' }],
      ['POST', '/api/admin/displays/update', { entities: null }],
      ['POST', '/api/admin/displays/update', undefined, '{"entities": all}'],
    ];
  };

  it('answers 4xx with an error body and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const [method, path, body, raw] of cases(world)) {
      const res = await api.request(method, path, {
        token: world.users.superadmin.token,
        body,
        raw,
        headers: raw
          ? {
              'content-type':
                raw.startsWith('{') || raw.startsWith('[')
                  ? 'application/json'
                  : 'application/x-www-form-urlencoded',
            }
          : undefined,
      });
      const label = `${method} ${path.slice(0, 60)} ${raw ?? JSON.stringify(body)?.slice(0, 60)}`;
      if (res.status < 400 || res.status >= 500) failures.push(`${label} → ${res.status}`);
      else if (typeof res.body?.error?.code !== 'string' || typeof res.body.error.message !== 'string')
        failures.push(`${label} → ${res.status} without an error body`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('names the problem: malformed JSON, oversized bodies and unknown fields', async () => {
    const token = world.users.superadmin.token;
    const malformed = await api.request('POST', '/api/entities', {
      token,
      raw: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('malformed_json');
    const big = await api.request('POST', '/api/entities', {
      token,
      body: { name: 'x'.repeat(300_000), type: 'group' },
    });
    expect(big.status).toBe(413);
    const unknown = await api.request('PUT', `/api/entities/${world.entities.groupA.id}`, {
      token,
      body: { apiKey: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/apiKey/);
  });
});
