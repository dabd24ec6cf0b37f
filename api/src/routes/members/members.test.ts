import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, passwordResetTokens, permissions, users } from '../../db/schema/index';
import { createEntity, createUser, createWorld, grant, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

describe('members', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const base = (id: number) => `/api/entities/${id}/members`;

  it('lists direct and inherited members, inherited rows naming their ancestor', async () => {
    const { entities: e, users: u } = world;
    const direct = await createUser(api.deps, { email: 'groupie@example.com' });
    await grant(api.deps, direct.id, e.groupA.id, 'moderator');
    // A direct role wins over the inherited one for the same user.
    await grant(api.deps, u.moderator.id, e.groupA.id, 'administrator');
    const res = await api.request('GET', base(e.groupA.id), { token: u.moderator.token });
    expect(res.status).toBe(200);
    const byEmail = Object.fromEntries(res.body.map((m: { email: string }) => [m.email, m]));
    expect(byEmail['groupie@example.com']).toMatchObject({
      role: 'moderator',
      inherited: false,
      entityId: e.groupA.id,
    });
    expect(byEmail['moderator@example.com']).toMatchObject({ role: 'administrator', inherited: false });
    expect(byEmail['owner@example.com']).toMatchObject({
      role: 'owner',
      inherited: true,
      entityId: e.orgA.id,
      inheritedFromName: 'Org A',
    });
    expect(byEmail['sibling@example.com']).toBeUndefined();
    expect(res.body[0].inherited).toBe(false);
    for (const m of res.body)
      expect(Object.keys(m).sort()).toEqual([
        'autoApprove',
        'email',
        'entityId',
        'inherited',
        'inheritedFromName',
        'name',
        'role',
        'smsNotifications',
        'userId',
      ]);
    expect((await api.request('GET', base(e.groupA.id), { token: u.sibling.token })).status).toBe(404);
  });

  it('adds members by e-mail (superadmin), inviting unknown addresses', async () => {
    const { entities: e, users: u } = world;
    const body = [
      { email: 'New.Person@Example.com', role: 'moderator' },
      { email: 'administrator@example.com', role: 'owner' },
    ];
    expect((await api.request('POST', base(e.orgB.id), { token: u.owner.token, body })).status).toBe(404);
    expect((await api.request('POST', base(e.orgA.id), { token: u.owner.token, body })).status).toBe(403);
    const res = await api.request('POST', base(e.orgB.id), { token: u.superadmin.token, body });
    expect(res.status).toBe(201);
    expect(res.body.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['new.person@example.com', 'moderator'],
      ['administrator@example.com', 'owner'],
    ]);
    const [created] = await api.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.person@example.com'));
    expect(created.passwordHash).toBeNull();
    const invites = await api.deps.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, created.id));
    expect(invites).toHaveLength(1);
    // Adding again changes the role instead of duplicating the row.
    await api.request('POST', base(e.orgB.id), {
      token: u.superadmin.token,
      body: [{ email: 'new.person@example.com', role: 'administrator' }],
    });
    const rows = await api.deps.database.db
      .select()
      .from(permissions)
      .where(and(eq(permissions.userId, created.id), eq(permissions.entityId, e.orgB.id)));
    expect(rows.map((r) => r.role)).toEqual(['administrator']);
    const added = await api.deps.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'member.added'), eq(events.entityId, e.orgB.id)));
    expect(added.length).toBe(3);
    expect(JSON.stringify(added.map((a) => a.data))).not.toContain('@');
  });

  it('validates the member list', async () => {
    const token = world.users.superadmin.token;
    const count = async () =>
      (await api.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(permissions))[0].n;
    const before = await count();
    for (const body of [
      [],
      [{ email: 'not-an-email', role: 'owner' }],
      [{ email: 'x@example.com', role: 'king' }],
      [{ email: 'x@example.com', role: 'owner', admin: true }],
      { email: 'x@example.com', role: 'owner' },
    ]) {
      const res = await api.request('POST', base(world.entities.orgA.id), { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('removes direct members only, never yourself', async () => {
    const { entities: e, users: u } = world;
    const leaving = await createUser(api.deps, { email: 'leaving@example.com' });
    await grant(api.deps, leaving.id, e.groupA.id, 'moderator');
    const path = `${base(e.groupA.id)}/${leaving.id}`;
    expect((await api.request('DELETE', path, { token: u.owner.token })).status).toBe(403);
    const inherited = await api.request('DELETE', `${base(e.groupA.id)}/${u.owner.id}`, {
      token: u.superadmin.token,
    });
    expect(inherited.status).toBe(409);
    expect(inherited.body.error).toMatchObject({
      code: 'inherited_member',
      details: { entityId: e.orgA.id },
    });
    expect(inherited.body.error.message).toContain('Org A');
    expect(
      (await api.request('DELETE', `${base(e.groupA.id)}/${u.sibling.id}`, { token: u.superadmin.token }))
        .status,
    ).toBe(404);
    const ok = await api.request('DELETE', path, { token: u.superadmin.token });
    expect(ok.status).toBe(200);
    expect((await api.request('DELETE', path, { token: u.superadmin.token })).status).toBe(404);
    await grant(api.deps, u.superadmin.id, e.groupA.id, 'owner');
    const self = await api.request('DELETE', `${base(e.groupA.id)}/${u.superadmin.id}`, {
      token: u.superadmin.token,
    });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('cannot_remove_self');
    const removed = await api.deps.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'member.removed'), eq(events.entityId, e.groupA.id)));
    expect(removed.map((r) => r.data)).toEqual([{ userId: leaving.id }]);
  });

  it('toggles autoApprove and smsNotifications, at most two SMS recipients per entity', async () => {
    const entity = await createEntity(api.deps, {
      name: 'SMS house',
      type: 'group',
      parentId: world.entities.orgA.id,
    });
    const people = await Promise.all(
      [1, 2, 3].map((n) => createUser(api.deps, { email: `sms${n}@example.com` })),
    );
    for (const p of people) await grant(api.deps, p.id, entity.id, 'moderator');
    const put = (userId: number, body: unknown, token = world.users.superadmin.token) =>
      api.request('PUT', `${base(entity.id)}/${userId}/permissions`, { token, body });
    expect((await put(people[0].id, { autoApprove: true }, world.users.owner.token)).status).toBe(403);
    const first = await put(people[0].id, { autoApprove: true, smsNotifications: true });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      entityId: entity.id,
      userId: people[0].id,
      role: 'moderator',
      autoApprove: true,
      smsNotifications: true,
    });
    expect((await put(people[1].id, { smsNotifications: true })).status).toBe(200);
    const third = await put(people[2].id, { smsNotifications: true });
    expect(third.status).toBe(409);
    expect(third.body.error).toMatchObject({ code: 'sms_notification_limit' });
    expect(third.body.error.message).toMatch(/At most 2 members/);
    // Re-sending true for someone who already has it is not a third recipient.
    expect((await put(people[0].id, { smsNotifications: true })).status).toBe(200);
    expect((await put(people[0].id, { smsNotifications: false })).status).toBe(200);
    expect((await put(people[2].id, { smsNotifications: true })).status).toBe(200);
    expect((await put(people[2].id, {})).status).toBe(400);
    expect((await put(world.users.owner.id, { autoApprove: true })).status).toBe(409);
  });

  it('holds the SMS limit under concurrent requests', async () => {
    const entity = await createEntity(api.deps, {
      name: 'Race house',
      type: 'group',
      parentId: world.entities.orgA.id,
    });
    const people = await Promise.all(
      [1, 2, 3, 4].map((n) => createUser(api.deps, { email: `race${n}@example.com` })),
    );
    for (const p of people) await grant(api.deps, p.id, entity.id, 'moderator');
    const results = await Promise.all(
      people.map((p) =>
        api.request('PUT', `${base(entity.id)}/${p.id}/permissions`, {
          token: world.users.superadmin.token,
          body: { smsNotifications: true },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const [{ n }] = await api.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(permissions)
      .where(and(eq(permissions.entityId, entity.id), eq(permissions.smsNotifications, true)));
    expect(n).toBe(2);
  });
});
