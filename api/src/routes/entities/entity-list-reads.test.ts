import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { markRegistered } from '../../services/display-register.service';
import { markOffline, markOnline } from '../../services/presence.service';
import { createWorld, type World } from '../../test/fixtures';
import { jsonRequester, startTestApi, type TestApi } from '../../test/harness';

/**
 * `GET /api/entities` and `GET /api/admin/displays` answer from the entity tree snapshot, with the
 * user row, the grants and the table version read in one statement (auth.ts readSession) and whole
 * answers kept per snapshot, viewer and online displays (entity-answers.ts). These tests hold the
 * rules that make that safe: every writer moves the version (a plain SQL client, another replica
 * with its own snapshot), a grant changed or taken away and a password change count on the next
 * request, and a display going online or offline changes the kept answer.
 */
describe('entity list and admin displays: what each request still reads', () => {
  let api: TestApi;
  let w: World;
  /** A second API process's state: its own database pool, snapshot and kept answers. */
  let replica: { server: Server; request: TestApi['request']; database: Database } | null = null;
  /** A writer outside the API (psql, a migration, a fixture): plain SQL on its own connection. */
  let outside: pg.Client | null = null;
  const sqlOutside = async (text: string, values: unknown[] = []) => {
    if (outside) await outside.query(text, values);
    else
      await (
        api.deps.database.db as unknown as { $client: { query(t: string, v: unknown[]): Promise<unknown> } }
      ).$client.query(text, values);
  };

  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
    if (api.db.url) {
      const database = await openDatabase({ url: api.db.url, poolSize: 2 });
      const server: Server = await new Promise((resolve) => {
        const s = createApp({ ...api.deps, database }).listen(0, '127.0.0.1', () => resolve(s));
      });
      replica = {
        server,
        database,
        request: jsonRequester(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      };
      outside = new pg.Client({ connectionString: api.db.url });
      await outside.connect();
    }
  });
  afterAll(async () => {
    if (replica) {
      await new Promise((r) => replica?.server.close(r));
      replica.server.closeAllConnections();
      await replica.database.close();
    }
    await outside?.end();
    await api.close();
  });

  type Item = { id: number; name: string; permissions?: string[]; onlineStatus?: boolean | null };
  type AdminItem = { entity: { id: number; name: string; organization: { name: string } | null } };
  const list = async (token: string, request = api.request) => {
    const res = await request<Item[]>('GET', '/api/entities', { token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const table = async (request = api.request) => {
    const res = await request<AdminItem[]>('GET', '/api/admin/displays', { token: w.users.superadmin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const byId = <T extends { id: number }>(items: T[], id: number) => items.find((i) => i.id === id);
  const tableRow = (items: AdminItem[], id: number) => items.find((i) => i.entity.id === id)?.entity;

  it('shows a change written outside the API on the next request (list and admin table)', async () => {
    const { displayA, orgA } = w.entities;
    // Both answers are kept now.
    expect(byId(await list(w.users.owner.token), displayA.id)?.name).toBe('Display A');
    expect(byId(await list(w.users.superadmin.token), displayA.id)?.name).toBe('Display A');
    expect(tableRow(await table(), displayA.id)?.organization?.name).toBe('Org A');

    await sqlOutside('update entities set name = $1 where id = $2', ['Renamed outside', displayA.id]);
    await sqlOutside('update entities set name = $1 where id = $2', ['Org A renamed', orgA.id]);
    expect(byId(await list(w.users.owner.token), displayA.id)?.name).toBe('Renamed outside');
    expect(byId(await list(w.users.superadmin.token), displayA.id)?.name).toBe('Renamed outside');
    expect(tableRow(await table(), displayA.id)).toMatchObject({
      name: 'Renamed outside',
      organization: { name: 'Org A renamed' },
    });
  });

  it('shows a change made through another replica, whose snapshot is its own', async () => {
    if (!replica) return; // PGlite: one process only.
    const { displayA } = w.entities;
    const other = replica.request;
    // The replica keeps its own snapshot and answers first.
    await list(w.users.owner.token, other);
    await table(other);
    const renamed = await api.request('PUT', `/api/entities/${displayA.id}`, {
      token: w.users.owner.token,
      body: { name: 'Renamed on the first' },
    });
    expect(renamed.status).toBe(200);
    expect(byId(await list(w.users.owner.token, other), displayA.id)?.name).toBe('Renamed on the first');
    expect(tableRow(await table(other), displayA.id)?.name).toBe('Renamed on the first');
    // And the other way round, for an entity added on the replica.
    const created = await other('POST', '/api/entities', {
      token: w.users.owner.token,
      body: { name: 'Added on the replica', type: 'display', parentId: w.entities.groupA.id },
    });
    expect(created.status).toBe(201);
    expect(byId(await list(w.users.owner.token), created.body.id)?.name).toBe('Added on the replica');
    expect(tableRow(await table(), created.body.id)?.name).toBe('Added on the replica');
  });

  it('counts a changed or removed grant on the next request, the entities unchanged', async () => {
    const { orgA } = w.entities;
    const user = w.users.administrator;
    const before = await list(user.token);
    expect(byId(before, orgA.id)?.permissions).toContain('edit_entity');
    // Same tree version, same user: only the role differs, so the kept answer must not serve.
    await sqlOutside(`update permissions set role = 'moderator' where user_id = $1 and entity_id = $2`, [
      user.id,
      orgA.id,
    ]);
    const weaker = await list(user.token);
    expect(byId(weaker, orgA.id)?.permissions).not.toContain('edit_entity');
    expect(byId(weaker, orgA.id)?.permissions).toEqual(
      byId(await list(w.users.moderator.token), orgA.id)?.permissions,
    );
    await sqlOutside('delete from permissions where user_id = $1', [user.id]);
    expect(await list(user.token)).toEqual([]);
  });

  it('refuses a token from before a password change, even for a kept answer', async () => {
    const user = w.users.sibling;
    expect((await list(user.token)).length).toBeGreaterThan(0);
    await sqlOutside('update users set token_version = token_version + 1 where id = $1', [user.id]);
    for (const path of ['/api/entities', '/api/admin/displays'])
      expect((await api.request('GET', path, { token: user.token })).status).toBe(401);
  });

  it('follows displays going online and offline with the tree unchanged', async () => {
    const { displayB } = w.entities;
    const prefix = api.deps.config.redisPrefix;
    await unitOfWork(api.deps, (tx) => markRegistered(tx, displayB.id, new Date()));
    const status = async () => byId(await list(w.users.superadmin.token), displayB.id)?.onlineStatus;
    expect(await status()).toBe(false);
    await markOnline(api.deps.redis, prefix, displayB.id, { ttlSeconds: 30 });
    expect(await status()).toBe(true);
    await markOffline(api.deps.redis, prefix, displayB.id);
    expect(await status()).toBe(false);
  });

  it('follows presence and screen health in the admin table with the tree unchanged', async () => {
    const { displayA } = w.entities;
    const prefix = api.deps.config.redisPrefix;
    await unitOfWork(api.deps, (tx) => markRegistered(tx, displayA.id, new Date()));
    type Row = { display: { onlineStatus: boolean | null }; health: { playerVersion: string | null } | null };
    const row = async () => (await table()).find((i) => i.entity.id === displayA.id) as unknown as Row;
    expect((await row()).display.onlineStatus).toBe(false);
    expect((await row()).health).toBeNull();
    await markOnline(api.deps.redis, prefix, displayA.id, { ttlSeconds: 30 });
    expect((await row()).display.onlineStatus).toBe(true);
    await sqlOutside(
      `insert into display_health (display_id, player_version, last_heartbeat_at) values ($1, '1.2.3', now())`,
      [displayA.id],
    );
    expect((await row()).health?.playerVersion).toBe('1.2.3');
    await sqlOutside(`update display_health set player_version = '1.2.4' where display_id = $1`, [
      displayA.id,
    ]);
    expect((await row()).health?.playerVersion).toBe('1.2.4');
    await markOffline(api.deps.redis, prefix, displayA.id);
    expect((await row()).display.onlineStatus).toBe(false);
  });

  it('gives each of many requests arriving together its own user, grants and answer', async () => {
    // These are read in one statement per turn of the event loop (auth.ts readSession): a request
    // must never get another's user, grants or the 401 of another's stale token.
    const { users: u } = w;
    const stale = w.users.sibling.token; // its password changed in a test above
    const viewers = [u.superadmin, u.owner, u.moderator, u.superadmin, u.owner, u.moderator];
    const alone = await Promise.all(
      [u.superadmin, u.owner, u.moderator].map(async (v) => (await list(v.token)).map((i) => i.id)),
    );
    const together = await Promise.all([
      ...viewers.map((v) => api.request<Item[]>('GET', '/api/entities', { token: v.token })),
      api.request('GET', '/api/entities', { token: stale }),
      api.request('GET', '/api/account', { token: u.moderator.token }),
      api.request('GET', '/api/admin/displays', { token: u.owner.token }),
    ]);
    viewers.forEach((_, i) => {
      expect(together[i].status).toBe(200);
      expect(together[i].body.map((e: Item) => e.id)).toEqual(alone[i % 3]);
    });
    expect(together[viewers.length].status).toBe(401);
    expect(together[viewers.length + 1].body).toMatchObject({ id: u.moderator.id });
    expect(together[viewers.length + 2].status).toBe(403);
  });
});
