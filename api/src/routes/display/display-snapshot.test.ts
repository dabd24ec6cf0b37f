import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { encodeDisplayId } from '../../lib/hashids';
import { snapshotKey } from '../../services/display-snapshot.service';
import { createEntity, createWorld, type World } from '../../test/fixtures';
import { jsonRequester, startTestApi, type TestApi } from '../../test/harness';

const inDays = (n: number) => new Date(Date.now() + n * 24 * 3600 * 1000).toISOString();

/**
 * Display content is served from a snapshot per display, kept in each API process and shared in
 * Redis (display-snapshot.service.ts). These tests run two replicas of the API on one database and
 * one Redis prefix, each with its own kept snapshots, and check that a change written through one
 * reaches the next content fetch on the other with new content and a new ETag, for every kind of
 * write the content is built from; and that a snapshot never reaches another display or another
 * installation.
 */
describe('display content snapshots', () => {
  let api: TestApi;
  let replica: { url: string; server: Server; request: TestApi['request'] };
  let w: World;
  let tokenA: string;
  let tokenB: string;
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
    const server: Server = await new Promise((resolve) => {
      const s = createApp(api.deps).listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    replica = { url, server, request: jsonRequester(url) };
    const register = async (id: number, apiKey: string) =>
      (
        await api.request('POST', '/api/display/register', {
          body: { displayId: encodeDisplayId(id), apiKey },
        })
      ).body.token as string;
    tokenA = await register(w.entities.displayA.id, 'key-a');
    tokenB = await register(w.entities.displayB.id, 'key-b');
  });
  afterAll(async () => {
    await new Promise((r) => replica.server.close(r));
    replica.server.closeAllConnections();
    await api.close();
  });

  const fetchOn = (
    server: 'first' | 'replica',
    token: string,
    etag?: string,
  ): Promise<{ status: number; body: any; headers: Headers }> =>
    (server === 'first' ? api.request : replica.request)('GET', '/api/display/content', {
      token,
      headers: etag ? { 'if-none-match': etag } : {},
    });

  /** Both replicas hold the display's current snapshot and answer 304 to its ETag. */
  async function warm(token = tokenA): Promise<string> {
    const first = await fetchOn('first', token);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    for (const server of ['first', 'replica'] as const)
      expect((await fetchOn(server, token, etag)).status).toBe(304);
    return etag;
  }

  /** After `change` (written through the first replica), the other answers new content with a new ETag. */
  async function changesContent(change: () => Promise<{ status: number }>, seen: (body: any) => boolean) {
    const etag = await warm();
    const res = await change();
    expect(res.status).toBeLessThan(300);
    const after = await fetchOn('replica', tokenA, etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(seen(after.body)).toBe(true);
    const onFirst = await fetchOn('first', tokenA, etag);
    expect(onFirst.status).toBe(200);
    expect(onFirst.headers.get('etag')).toBe(after.headers.get('etag'));
  }

  it('is shared in Redis under the installation prefix: a replica answers from it without building', async () => {
    const etag = await warm();
    const key = snapshotKey(api.deps.config.redisPrefix, w.entities.displayA.id);
    expect(key.startsWith(`${api.deps.config.redisPrefix}:`)).toBe(true);
    expect(await api.deps.redis.hget(key, 'etag')).toBe(etag);
    // A third process with nothing kept: what it serves comes from Redis (marked here), not a build.
    await api.deps.redis.hset(key, 'body', '{"marker":"from redis"}');
    const server: Server = await new Promise((resolve) => {
      const s = createApp(api.deps).listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const third = jsonRequester(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const res = await third('GET', '/api/display/content', { token: tokenA });
      expect(res.body).toEqual({ marker: 'from redis' });
      expect(res.headers.get('etag')).toBe(etag);
    } finally {
      await new Promise((r) => server.close(r));
      server.closeAllConnections();
    }
    // Put the real snapshot back for the tests below: a change rebuilds it.
    await api.deps.redis.del(key);
  });

  it("never serves one display's snapshot to another, even one stored under its key", async () => {
    await api.request('POST', `/api/content/${w.entities.displayA.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>Only for A</p>', date: inDays(-0.01), approved: true },
    });
    const a = await fetchOn('first', tokenA);
    const b = await fetchOn('first', tokenB);
    expect(JSON.stringify(a.body)).toContain('Only for A');
    expect(JSON.stringify(b.body)).not.toContain('Only for A');
    // Display A's snapshot copied under display B's key (a bug elsewhere, or a hand edit) is refused.
    const prefix = api.deps.config.redisPrefix;
    const aFields = await api.deps.redis.hgetall(snapshotKey(prefix, w.entities.displayA.id));
    await api.deps.redis.hset(snapshotKey(prefix, w.entities.displayB.id), aFields);
    const server: Server = await new Promise((resolve) => {
      const s = createApp(api.deps).listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const fresh = jsonRequester(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const res = await fresh('GET', '/api/display/content', { token: tokenB });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('Only for A');
      expect(res.headers.get('etag')).toBe(b.headers.get('etag'));
    } finally {
      await new Promise((r) => server.close(r));
      server.closeAllConnections();
    }
    // Alternating requests through one process keep each display's own content.
    for (let i = 0; i < 3; i++) {
      expect(JSON.stringify((await fetchOn('replica', tokenA)).body)).toContain('Only for A');
      expect(JSON.stringify((await fetchOn('replica', tokenB)).body)).not.toContain('Only for A');
    }
  });

  it('never mixes installations sharing a Redis, though their display ids are the same', async () => {
    const other = await startTestApi();
    try {
      const ow = await createWorld(other.deps);
      expect(ow.entities.displayA.id).toBe(w.entities.displayA.id);
      await other.request('POST', `/api/content/${ow.entities.displayA.id}/note`, {
        token: ow.users.owner.token,
        body: { text: '<p>Other installation</p>', date: inDays(-0.01), approved: true },
      });
      const reg = await other.request('POST', '/api/display/register', {
        body: { displayId: encodeDisplayId(ow.entities.displayA.id), apiKey: 'key-a' },
      });
      const theirs = await other.request('GET', '/api/display/content', { token: reg.body.token });
      expect(JSON.stringify(theirs.body)).toContain('Other installation');
      const ours = await fetchOn('replica', tokenA);
      expect(JSON.stringify(ours.body)).not.toContain('Other installation');
    } finally {
      await other.close();
    }
  });

  it('a note created, edited and deleted on an ancestor reaches the other replica', async () => {
    let id = 0;
    await changesContent(
      async () => {
        const res = await api.request('POST', `/api/content/${w.entities.orgA.id}/note`, {
          token: w.users.owner.token,
          body: { text: '<p>Dugnad</p>', date: inDays(-0.01), approved: true },
        });
        id = res.body.id;
        return res;
      },
      (body) => body.notes.some((n: { text: string }) => n.text.includes('Dugnad')),
    );
    await changesContent(
      () =>
        api.request('PUT', `/api/content/${w.entities.orgA.id}/note/${id}`, {
          token: w.users.owner.token,
          body: { text: '<p>Dugnad flyttet</p>' },
        }),
      (body) => body.notes.some((n: { text: string }) => n.text.includes('Dugnad flyttet')),
    );
    await changesContent(
      () =>
        api.request('DELETE', `/api/content/${w.entities.orgA.id}/note/${id}`, {
          token: w.users.owner.token,
        }),
      (body) => !body.notes.some((n: { id: number }) => n.id === id),
    );
  });

  it('a banner on the root and a fallback text on the group reach the other replica', async () => {
    await changesContent(
      () =>
        api.request('POST', `/api/content/${w.entities.root.id}/banner`, {
          token: w.users.superadmin.token,
          body: {
            type: 'banner-template',
            templateId: 'dugnad',
            templateText: '<h2>Fra roten</h2>',
            approved: true,
          },
        }),
      (body) => body.banners.some((b: { templateText: string }) => b.templateText?.includes('Fra roten')),
    );
    await changesContent(
      () =>
        api.request('PUT', `/api/entities/${w.entities.groupA.id}`, {
          token: w.users.owner.token,
          body: { bannerFallbackText: 'Velkommen til oppgangen' },
        }),
      (body) => body.fallback.some((f: { text: string }) => f.text === 'Velkommen til oppgangen'),
    );
  });

  it('an alert raised on the organization, and its end, reach the other replica', async () => {
    let id = 0;
    await changesContent(
      async () => {
        const res = await api.request('POST', `/api/entities/${w.entities.orgA.id}/alerts`, {
          token: w.users.owner.token,
          body: { title: 'Vannet stenges', text: 'Kl. 10–12' },
        });
        id = res.body.id;
        return res;
      },
      (body) => body.alerts.some((a: { id: number }) => a.id === id),
    );
    await changesContent(
      () =>
        api.request('DELETE', `/api/entities/${w.entities.orgA.id}/alerts/${id}`, {
          token: w.users.owner.token,
        }),
      (body) => !body.alerts.some((a: { id: number }) => a.id === id),
    );
  });

  it('a display moved under another group gets that group’s notes on the other replica', async () => {
    const groupA2 = await createEntity(api.deps, {
      name: 'Group A2',
      type: 'group',
      parentId: w.entities.orgA.id,
    });
    await api.request('POST', `/api/content/${groupA2.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>I den nye oppgangen</p>', date: inDays(-0.01), approved: true },
    });
    await changesContent(
      () =>
        api.request('PUT', `/api/entities/${w.entities.displayA.id}`, {
          token: w.users.superadmin.token,
          body: { parentId: groupA2.id },
        }),
      (body) => body.notes.some((n: { text: string }) => n.text.includes('I den nye oppgangen')),
    );
  });

  it('a note whose time comes changes the answer on both replicas with nothing written', async () => {
    const etag = await warm();
    await api.request('POST', `/api/content/${w.entities.displayA.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>I morgen</p>', date: inDays(1), approved: true },
    });
    const before = await fetchOn('first', tokenA, etag);
    const scheduledEtag = before.headers.get('etag') as string;
    expect((await fetchOn('replica', tokenA, scheduledEtag)).status).toBe(304);
    api.setNow(new Date(Date.now() + 1.5 * 24 * 3600 * 1000));
    try {
      for (const server of ['replica', 'first'] as const) {
        const after = await fetchOn(server, tokenA, scheduledEtag);
        expect(after.status).toBe(200);
        const note = after.body.notes.find((n: { text: string }) => n.text.includes('I morgen'));
        expect(note.state).toBe('active');
      }
    } finally {
      api.setNow(null);
    }
  });

  it('a regenerated API key ends the display token on every replica, snapshot or not', async () => {
    await warm(tokenB);
    const res = await api.request('POST', `/api/entities/${w.entities.displayB.id}/regenerate-api-key`, {
      token: w.users.superadmin.token,
    });
    expect(res.status).toBe(200);
    for (const server of ['first', 'replica'] as const)
      expect((await fetchOn(server, tokenB)).status).toBe(401);
  });
});
