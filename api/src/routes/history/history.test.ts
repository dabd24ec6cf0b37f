import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history } from '../../db/schema/index';
import { unitOfWork } from '../../db/unit-of-work';
import { pruneHistory } from '../../services/history.service';
import { createSmsNote } from '../../services/note.service';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

interface Entry {
  id: number;
  kind: string;
  action: string;
  entityId: number;
  subjectId: number | null;
  subjectLabel: string | null;
  actor: { id: number; email: string } | null;
  source: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  createdAt: string;
}

/**
 * The change history (issue 17): one row per change with who, when, from where and the changed
 * fields, for every kind of change; the filters, the subtree, the retention and who may read it.
 */
describe('history', () => {
  let api: TestApi;
  let w: World;
  const console_ = { 'x-oppslag-client': 'console' };
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const read = async (entityId: number, query = '', token = w.users.owner.token) => {
    const res = await api.request('GET', `/api/entities/${entityId}/history${query}`, { token });
    expect(res.status).toBe(200);
    return res.body as { entries: Entry[]; nextCursor: number | null };
  };
  const latest = async (action: string, entityId = w.entities.orgA.id) =>
    (await read(entityId)).entries.find((e) => e.action === action) as Entry;

  it('keeps note create, edit, approval and delete with who, when, from where and what', async () => {
    const before = Date.now();
    const created = await api.request('POST', `/api/content/${w.entities.groupA.id}/note`, {
      token: w.users.moderator.token,
      headers: console_,
      body: { text: '<p>Dugnad</p>', date: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const edit = await api.request('PUT', `/api/content/${w.entities.groupA.id}/note/${id}`, {
      token: w.users.moderator.token,
      headers: console_,
      body: { text: '<p>Dugnad lørdag</p>', sticky: true },
    });
    expect(edit.status).toBe(200);
    const approve = await api.request('PUT', `/api/content/${w.entities.groupA.id}/note/${id}`, {
      token: w.users.administrator.token,
      body: { approved: true },
    });
    expect(approve.status).toBe(200);
    const del = await api.request('DELETE', `/api/content/${w.entities.groupA.id}/note/${id}`, {
      token: w.users.owner.token,
      headers: console_,
    });
    expect(del.status).toBe(200);

    // The group's changes show in the organization's history (descendants included).
    const { entries } = await read(w.entities.orgA.id, '');
    const mine = entries.filter((e) => e.subjectId === id && e.action.startsWith('note.')).reverse();
    expect(mine.map((e) => [e.kind, e.action, e.actor?.email, e.source])).toEqual([
      ['note', 'note.created', 'moderator@example.com', 'console'],
      ['note', 'note.updated', 'moderator@example.com', 'console'],
      ['approval', 'note.updated', 'administrator@example.com', 'api'],
      ['note', 'note.deleted', 'owner@example.com', 'console'],
    ]);
    expect(mine[0].changes.text).toEqual({ before: null, after: '<p>Dugnad</p>' });
    expect(mine[1].changes).toEqual({
      text: { before: '<p>Dugnad</p>', after: '<p>Dugnad lørdag</p>' },
      sticky: { before: false, after: true },
    });
    expect(mine[2].changes).toEqual({ approved: { before: false, after: true } });
    expect(mine[3].changes.text).toEqual({ before: '<p>Dugnad lørdag</p>', after: null });
    expect(mine.every((e) => e.entityId === w.entities.groupA.id)).toBe(true);
    expect(Date.parse(mine[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps member add, role change and removal, naming the member', async () => {
    const add = (role: string) =>
      api.request('POST', `/api/entities/${w.entities.orgA.id}/members`, {
        token: w.users.superadmin.token,
        headers: console_,
        body: [{ email: 'styre@example.com', role }],
      });
    expect((await add('moderator')).status).toBe(201);
    expect((await add('administrator')).status).toBe(201);
    const userId = (await latest('member.added')).subjectId;
    const removed = await api.request('DELETE', `/api/entities/${w.entities.orgA.id}/members/${userId}`, {
      token: w.users.superadmin.token,
      headers: console_,
    });
    expect(removed.status).toBe(200);
    const { entries } = await read(w.entities.orgA.id, '?kind=member');
    expect(entries.every((e) => e.kind === 'member')).toBe(true);
    const rows = entries.filter((e) => e.subjectId === userId).reverse();
    expect(rows.map((e) => [e.action, e.changes.role, e.subjectLabel, e.actor?.email, e.source])).toEqual([
      [
        'member.added',
        { before: null, after: 'moderator' },
        'styre@example.com',
        'admin@example.com',
        'console',
      ],
      [
        'member.added',
        { before: 'moderator', after: 'administrator' },
        'styre@example.com',
        'admin@example.com',
        'console',
      ],
      [
        'member.removed',
        { before: 'administrator', after: null },
        'styre@example.com',
        'admin@example.com',
        'console',
      ],
    ]);
  });

  it('keeps a settings change with the fields before and after', async () => {
    const res = await api.request('PUT', `/api/entities/${w.entities.orgA.id}`, {
      token: w.users.administrator.token,
      headers: console_,
      body: { name: 'Org A renamed' },
    });
    expect(res.status).toBe(200);
    const entry = await latest('entity.updated');
    expect(entry).toMatchObject({
      kind: 'settings',
      source: 'console',
      actor: { email: 'administrator@example.com' },
      changes: { name: { before: 'Org A', after: 'Org A renamed' } },
    });
  });

  it('keeps an SMS-created note as coming from SMS, without a person', async () => {
    // The worker's SMS processor stores the note through the same service, outside any request.
    const row = await unitOfWork(api.deps, (tx) =>
      createSmsNote(
        tx,
        { entityId: w.entities.orgA.id, smsMessageId: 1, text: 'Hei', ownerId: null, approved: false },
        new Date(),
      ),
    );
    const entry = (await read(w.entities.orgA.id, '?kind=note')).entries.find((e) => e.subjectId === row.id);
    expect(entry).toMatchObject({ action: 'note.created', source: 'sms', actor: null });
  });

  it('filters by person and pages with a cursor', async () => {
    const byModerator = await read(w.entities.orgA.id, `?userId=${w.users.moderator.id}`);
    expect(byModerator.entries.length).toBeGreaterThan(0);
    expect(byModerator.entries.every((e) => e.actor?.id === w.users.moderator.id)).toBe(true);
    const first = await read(w.entities.orgA.id, '?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await read(w.entities.orgA.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.entries[0].id).toBeLessThan(first.entries[1].id);
    const bad = await api.request('GET', `/api/entities/${w.entities.orgA.id}/history?kind=weather`, {
      token: w.users.owner.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toBe('kind');
  });

  it('refuses a moderator and another organization; the superadmin sees all', async () => {
    const moderator = await api.request('GET', `/api/entities/${w.entities.orgA.id}/history`, {
      token: w.users.moderator.token,
    });
    expect(moderator.status).toBe(403);
    const sibling = await api.request('GET', `/api/entities/${w.entities.orgA.id}/history`, {
      token: w.users.sibling.token,
    });
    expect(sibling.status).toBe(404);
    const ownerAll = await api.request('GET', '/api/admin/history', { token: w.users.owner.token });
    expect(ownerAll.status).toBe(403);
    const all = await api.request('GET', '/api/admin/history?limit=200', { token: w.users.superadmin.token });
    expect(all.status).toBe(200);
    const entityIds = new Set(all.body.entries.map((e: Entry) => e.entityId));
    expect(entityIds.has(w.entities.orgA.id) && entityIds.has(w.entities.groupA.id)).toBe(true);
    // The sibling's own organization has no trace of organization A.
    const own = await read(w.entities.orgB.id, '', w.users.sibling.token);
    expect(own.entries.some((e) => e.entityId === w.entities.orgA.id)).toBe(false);
  });

  it('prunes rows older than the retention', async () => {
    const { db } = api.deps.database;
    const [{ n: total }] = await db.select({ n: sql<number>`count(*)::int` }).from(history);
    await db.execute(
      sql`update history set created_at = now() - interval '400 days' where id in (select id from history order by id limit 3)`,
    );
    expect(await pruneHistory(db, 365, new Date())).toBe(3);
    expect(await pruneHistory(db, 365, new Date())).toBe(0);
    const [{ n: left }] = await db.select({ n: sql<number>`count(*)::int` }).from(history);
    expect(left).toBe(total - 3);
  });
});
