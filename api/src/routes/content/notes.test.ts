import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index';
import { createEntity, createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

describe('notes API', () => {
  let api: TestApi;
  let w: World;
  const path = (entityId: number, rest = '') => `/api/content/${entityId}/note${rest}`;
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const create = (entityId: number, body: Record<string, unknown>, token = w.users.moderator.token) =>
    api.request('POST', path(entityId), {
      token,
      body: { date: inDays(0.001), text: '<p>Hello</p>', ...body },
    });

  it('creates a note with defaults, owner = the current user, and records note.created', async () => {
    const res = await create(w.entities.groupA.id, {
      text: '<p><b>Dugnad</b> 🌱</p>',
      icon: 'build',
      iconColor: '#aa0000',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      entityId: w.entities.groupA.id,
      ownerId: w.users.moderator.id,
      text: '<p><b>Dugnad</b> 🌱</p>',
      icon: 'build',
      iconColor: '#aa0000',
      sticky: false,
      approved: false,
      end: null,
      state: 'scheduled',
      inherited: false,
    });
    const rows = await api.deps.database.db.select().from(events);
    expect(rows.some((e) => e.type === 'note.created' && e.entityId === w.entities.groupA.id)).toBe(true);
  });

  it('strips scripts, attributes and tags outside the editor formats', async () => {
    const res = await create(w.entities.groupA.id, {
      text: '<h1 onclick="x()">Title</h1><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:1">link</a><ul><li><i>one</i></li></ul><u>u</u><s>s</s>',
    });
    expect(res.status).toBe(201);
    expect(res.body.text).toBe('<h1>Title</h1>link<ul><li><i>one</i></li></ul><u>u</u><s>s</s>');
  });

  it('breaks a tie of equal start dates by the higher id, after the sticky notes', async () => {
    const { id: group } = await createEntity(api.deps, {
      name: 'Tie group',
      type: 'group',
      parentId: w.entities.orgA.id,
    });
    const date = inDays(3);
    const first = await create(group, { date, approved: true }, w.users.owner.token);
    const second = await create(group, { date, approved: true }, w.users.owner.token);
    const pinned = await create(
      group,
      { date: inDays(5), sticky: true, approved: true },
      w.users.owner.token,
    );
    const list = await api.request('GET', path(group, '?approved=all'), { token: w.users.owner.token });
    expect((list.body as { id: number }[]).map((n) => n.id)).toEqual([
      pinned.body.id,
      second.body.id,
      first.body.id,
    ]);
  });

  it('refuses text that is empty once sanitized', async () => {
    const res = await create(w.entities.groupA.id, { text: '<script>alert(1)</script>' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Note text cannot be empty');
  });

  it('validates icon, colour, dates and unknown fields without storing anything', async () => {
    const before = (
      await api.request('GET', path(w.entities.orgA.id, '?approved=all'), { token: w.users.owner.token })
    ).body.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ icon: 'rocket' }, 'Icon must be one of'],
      [{ iconColor: 'red' }, 'Colour must be a hex value'],
      [{ date: undefined }, 'Start date must be a date'],
      [{ date: 'tomorrow' }, 'Start date must be an ISO 8601 date and time'],
      [{ date: inDays(2), end: inDays(1) }, 'End cannot be before the start date'],
      [{ date: inDays(-2) }, 'Start cannot be before today'],
      [{ sticky: 'yes' }, 'Sticky must be a boolean'],
      [{ colour: '#000000' }, 'Unrecognized key'],
      // A missing user and another organization's user get the same answer (issue 14 item 10).
      [{ ownerId: 999999 }, 'Owner must be a user with access to this entity'],
      [{ ownerId: w.users.sibling.id }, 'Owner must be a user with access to this entity'],
      [{ entityId: w.entities.orgB.id }, 'Entity id does not match the path'],
    ];
    // Someone with a role above the entity, and the superadmin, may own its notes.
    for (const ownerId of [w.users.owner.id, w.users.superadmin.id]) {
      const ok = await create(w.entities.groupA.id, { ownerId });
      expect(ok.status, String(ownerId)).toBe(201);
      expect(ok.body.ownerId).toBe(ownerId);
    }
    const before2 = (
      await api.request('GET', path(w.entities.orgA.id, '?approved=all'), { token: w.users.owner.token })
    ).body.length;
    for (const [body, message] of cases) {
      const res = await create(w.entities.orgA.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    const malformed = await api.request('POST', path(w.entities.orgA.id), {
      token: w.users.moderator.token,
      raw: '{"text":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const after = (
      await api.request('GET', path(w.entities.orgA.id, '?approved=all'), { token: w.users.owner.token })
    ).body.length;
    expect(after).toBe(before2);
    expect(before2).toBeGreaterThanOrEqual(before);
  });

  it('lists in board order with states, filters on approval, and includes parents with their entityId', async () => {
    const org = w.entities.orgA.id;
    const display = w.entities.displayA.id;
    const now = Date.now();
    api.setNow(new Date(now - 3 * DAY));
    const old = await create(org, {
      date: new Date(now - 3 * DAY + 1000).toISOString(),
      end: new Date(now - DAY).toISOString(),
      approved: true,
    });
    const activeOld = await create(display, { date: new Date(now - 2 * DAY).toISOString(), approved: true });
    api.setNow(null);
    const sticky = await create(org, { sticky: true, approved: true, date: inDays(0.001) });
    const future = await create(display, { date: inDays(5), approved: true });
    const sameDateA = await create(display, { date: inDays(1), approved: true });
    const sameDateB = await create(display, { date: sameDateA.body.date, approved: true });
    const draft = await create(display, { date: inDays(1), approved: false });

    const own = await api.request('GET', path(display), { token: w.users.moderator.token });
    expect(own.status).toBe(200);
    expect(own.body.map((n: { id: number }) => n.id)).toEqual([
      future.body.id,
      sameDateB.body.id,
      sameDateA.body.id,
      activeOld.body.id,
    ]);

    const all = await api.request('GET', path(display, '?includeParents=true&approved=all'), {
      token: w.users.moderator.token,
    });
    const ids = all.body.map((n: { id: number }) => n.id);
    expect(ids[0]).toBe(sticky.body.id);
    expect(ids).toContain(draft.body.id);
    expect(ids).toContain(old.body.id);
    const byId = new Map(all.body.map((n: { id: number }) => [n.id, n]));
    expect(byId.get(old.body.id)).toMatchObject({ entityId: org, inherited: true, state: 'expired' });
    expect(byId.get(activeOld.body.id)).toMatchObject({
      entityId: display,
      inherited: false,
      state: 'active',
    });
    expect(byId.get(future.body.id)).toMatchObject({ state: 'scheduled' });

    const drafts = await api.request('GET', path(display, '?approved=false'), {
      token: w.users.moderator.token,
    });
    expect(drafts.body.map((n: { id: number }) => n.id)).toEqual([draft.body.id]);
    const bad = await api.request('GET', path(display, '?includeParents=maybe'), {
      token: w.users.moderator.token,
    });
    expect(bad.status).toBe(400);
  });

  it('accepts the spec’s name `start` for the start date and answers with `date`', async () => {
    const start = inDays(2);
    const res = await api.request('POST', path(w.entities.groupA.id), {
      token: w.users.moderator.token,
      body: { text: '<p>Spec names</p>', start },
    });
    expect(res.status).toBe(201);
    expect(res.body.date).toBe(start);
    expect(res.body).not.toHaveProperty('start');
    const later = inDays(3);
    const moved = await api.request('PUT', path(w.entities.groupA.id, `/${res.body.id}`), {
      token: w.users.moderator.token,
      body: { start: later },
    });
    expect(moved.body.date).toBe(later);
    const neither = await api.request('POST', path(w.entities.groupA.id), {
      token: w.users.moderator.token,
      body: { text: '<p>No start</p>' },
    });
    expect(neither.status).toBe(400);
    expect(neither.body.error.message).toBe('Start date must be a date');
  });

  it('updates, approves and rejects, keeping end ≥ start', async () => {
    const created = await create(w.entities.orgA.id, { date: inDays(1) });
    const id = created.body.id;
    const approve = await api.request('PUT', path(w.entities.orgA.id, `/${id}`), {
      token: w.users.moderator.token,
      body: { approved: true },
    });
    expect(approve.status).toBe(200);
    expect(approve.body.approved).toBe(true);
    const reject = await api.request('PUT', path(w.entities.orgA.id, `/${id}`), {
      token: w.users.owner.token,
      body: { id, approved: false, sticky: true, text: '<p>Changed<script>x</script></p>' },
    });
    expect(reject.body).toMatchObject({ approved: false, sticky: true, text: '<p>Changed</p>' });
    const badEnd = await api.request('PUT', path(w.entities.orgA.id, `/${id}`), {
      token: w.users.owner.token,
      body: { end: inDays(0.5) },
    });
    expect(badEnd.status).toBe(400);
    expect(badEnd.body.error.message).toBe('End cannot be before the start date');
    const cleared = await api.request('PUT', path(w.entities.orgA.id, `/${id}`), {
      token: w.users.owner.token,
      body: { end: inDays(3) },
    });
    expect(cleared.body.end).not.toBeNull();
    const wrongEntity = await api.request('PUT', path(w.entities.groupA.id, `/${id}`), {
      token: w.users.owner.token,
      body: { approved: true },
    });
    expect(wrongEntity.status).toBe(404);
  });

  it('deletes a note and records note.deleted on its entity', async () => {
    const created = await create(w.entities.groupA.id, {});
    const del = await api.request('DELETE', path(w.entities.groupA.id, `/${created.body.id}`), {
      token: w.users.moderator.token,
    });
    expect(del.status).toBe(200);
    const again = await api.request('DELETE', path(w.entities.groupA.id, `/${created.body.id}`), {
      token: w.users.moderator.token,
    });
    expect(again.status).toBe(404);
    const rows = await api.deps.database.db.select().from(events);
    expect(
      rows.some((e) => e.type === 'note.deleted' && (e.data as { id: number }).id === created.body.id),
    ).toBe(true);
  });

  it('answers 401 without a token, 404 outside the user’s tree, 404 for malformed ids', async () => {
    expect((await api.request('GET', path(w.entities.orgA.id))).status).toBe(401);
    expect(
      (await api.request('GET', path(w.entities.orgA.id), { token: w.users.sibling.token })).status,
    ).toBe(404);
    expect((await create(w.entities.orgA.id, {}, w.users.sibling.token)).status).toBe(404);
    expect((await api.request('GET', '/api/content/abc/note', { token: w.users.owner.token })).status).toBe(
      404,
    );
    expect(
      (await api.request('PUT', path(w.entities.orgA.id, '/-1'), { token: w.users.owner.token, body: {} }))
        .status,
    ).toBe(404);
  });
});
