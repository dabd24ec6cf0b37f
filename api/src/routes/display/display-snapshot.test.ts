import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cacheKeys } from '@oppslag/common';
import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { events } from '../../db/schema/index';
import { unitOfWork } from '../../db/unit-of-work';
import { encodeDisplayId } from '../../lib/hashids';
import { snapshotKey } from '../../services/display-snapshot.service';
import { EntityVersions, entitySeqKey, relayedKey } from '../../services/display-versions.service';
import { recordEvent } from '../../services/events.service';
import { createEntity, createWorld, type World } from '../../test/fixtures';
import { jsonRequester, startTestApi, type TestApi } from '../../test/harness';
import { displayContentState } from './display-content.state';

const inDays = (n: number) => new Date(Date.now() + n * 24 * 3600 * 1000).toISOString();

/** Long enough for any test here: the tests stand in for a relay that keeps running. */
const RELAY_CURRENT_MS = 10 * 60 * 1000;

/**
 * Display content is served from a snapshot per display, kept in each API process and shared in
 * Redis (display-snapshot.service.ts). These tests run two replicas of the API on one database and
 * one Redis prefix, each with its own kept snapshots, and check that a change written through one
 * reaches the next content fetch on the other with new content and a new ETag, for every kind of
 * write the content is built from; and that a snapshot never reaches another display or another
 * installation. They run twice: without a relay (every poll checked in PostgreSQL) and with the
 * outbox relay's work done after each write (polls checked against the entity numbers in Redis,
 * display-versions.service.ts, on the short path in front of the middleware).
 */
describe.each([
  { mode: 'checked in PostgreSQL (no relay)', relay: false },
  { mode: 'checked in Redis (relay running)', relay: true },
])('display content snapshots, $mode', ({ relay }) => {
  let api: TestApi;
  let replica: { url: string; server: Server; request: TestApi['request']; app: Koa };
  let w: World;
  let tokenA: string;
  let tokenB: string;
  /** What the outbox relay does for committed events (worker/src/relay.ts), run by hand here. */
  const relayed = async () => {
    if (!relay) return;
    const rows = await api.deps.database.db
      .select({ entityId: events.entityId, seq: events.seq })
      .from(events);
    await new EntityVersions(api.deps.redis, api.deps.config.redisPrefix).raiseRelayed(rows);
  };
  const shortAnswers = () => displayContentState(replica.app, api.deps).shortAnswers;
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
    const app = createApp(api.deps);
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    replica = { url, server, request: jsonRequester(url), app };
    if (relay) {
      await relayed();
      await api.deps.redis.set(relayedKey(api.deps.config.redisPrefix), '1', 'PX', RELAY_CURRENT_MS);
    }
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

  /**
   * Both replicas hold the display's current snapshot and answer 304 to its ETag; with the relay,
   * the replica's second 304 comes from the short path (checked in Redis).
   */
  async function warm(token = tokenA): Promise<string> {
    const first = await fetchOn('first', token);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    for (const server of ['first', 'replica'] as const)
      expect((await fetchOn(server, token, etag)).status).toBe(304);
    const before = shortAnswers();
    expect((await fetchOn('replica', token, etag)).status).toBe(304);
    expect(shortAnswers()).toBe(relay ? before + 1 : before);
    return etag;
  }

  /** After `change` (written through the first replica), the other answers new content with a new ETag. */
  async function changesContent(change: () => Promise<{ status: number }>, seen: (body: any) => boolean) {
    const etag = await warm();
    const res = await change();
    expect(res.status).toBeLessThan(300);
    await relayed();
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
    await relayed();
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
    await relayed();
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
    await relayed();
    for (const server of ['first', 'replica'] as const)
      expect((await fetchOn(server, tokenB)).status).toBe(401);
  });

  // The rules of the Redis check (display-versions.service.ts); without a relay there is none.
  const withRelay = it.runIf(relay);
  const prefixOf = () => api.deps.config.redisPrefix;
  const note = (text: string) =>
    api.request('POST', `/api/content/${w.entities.displayA.id}/note`, {
      token: w.users.owner.token,
      body: { text: `<p>${text}</p>`, date: inDays(-0.01), approved: true },
    });
  const hasNote = (body: { notes: unknown }, text: string) => JSON.stringify(body.notes).includes(text);

  withRelay(
    'a change is reused past only while the relay is known to run: without it, PostgreSQL decides',
    async () => {
      const etag = await warm();
      await note('Ikke relayet ennå');
      // Not relayed yet, relay marked current: the old answer, for at most the relay's bound.
      expect((await fetchOn('replica', tokenA, etag)).status).toBe(304);
      // The relay stopped (its mark expired): the poll goes to PostgreSQL and sees the change.
      await api.deps.redis.del(relayedKey(prefixOf()));
      try {
        const after = await fetchOn('replica', tokenA, etag);
        expect(after.status).toBe(200);
        expect(hasNote(after.body, 'Ikke relayet ennå')).toBe(true);
      } finally {
        await api.deps.redis.set(relayedKey(prefixOf()), '1', 'PX', RELAY_CURRENT_MS);
      }
      // Relayed: the number moved, and every replica answers the new content.
      await relayed();
      const first = await fetchOn('first', tokenA, etag);
      expect(first.status).toBe(200);
      expect(hasNote(first.body, 'Ikke relayet ennå')).toBe(true);
    },
  );

  withRelay('numbers missing from Redis send the poll to PostgreSQL, which seeds them again', async () => {
    const etag = await warm();
    await note('Redis mistet tallene');
    // Redis lost the numbers (restart without persistence, eviction), the relay still marked current.
    const seqKeys = await api.deps.redis.keys(`${prefixOf()}:entity-seq:[0-9]*`);
    expect(seqKeys).toContain(entitySeqKey(prefixOf(), w.entities.displayA.id));
    await api.deps.redis.del(...seqKeys);
    const after = await fetchOn('replica', tokenA, etag);
    expect(after.status).toBe(200);
    expect(hasNote(after.body, 'Redis mistet tallene')).toBe(true);
    // Seeded from PostgreSQL by that poll: the next one is checked in Redis again.
    expect(await api.deps.redis.get(entitySeqKey(prefixOf(), w.entities.displayA.id))).not.toBeNull();
    const before = shortAnswers();
    expect((await fetchOn('replica', tokenA, after.headers.get('etag') as string)).status).toBe(304);
    expect(shortAnswers()).toBe(before + 1);
  });

  withRelay('live data that expires with nothing written stops the reuse', async () => {
    // As the worker's transit poll does: the cache written for a minute, then its event (relayed).
    const key = cacheKeys.transit(prefixOf(), w.entities.displayA.id);
    const departures = { entityId: w.entities.displayA.id, updatedAt: new Date().toISOString(), stops: [] };
    await api.deps.redis.set(key, JSON.stringify(departures), 'PX', 60_000);
    await unitOfWork(api.deps, (tx) =>
      recordEvent(tx, { type: 'transit.updated', entityId: w.entities.displayA.id, data: departures }),
    );
    await relayed();
    const etag = await warm();
    expect((await fetchOn('replica', tokenA)).body.transit).not.toBeNull();
    // The minute passes: Redis drops the value (as expiry does), with nothing written.
    await api.deps.redis.del(key);
    api.setNow(new Date(Date.now() + 61_000));
    try {
      const after = await fetchOn('replica', tokenA, etag);
      expect(after.status).toBe(200);
      expect(after.body.transit).toBeNull();
    } finally {
      api.setNow(null);
      // The first replica's check still runs on the real clock: a relayed event ends it for the tests below.
      await unitOfWork(api.deps, (tx) =>
        recordEvent(tx, { type: 'transit.updated', entityId: w.entities.displayA.id, data: departures }),
      );
      await relayed();
    }
  });

  withRelay("another installation's relay and numbers do not vouch for this one", async () => {
    const etag = await warm();
    // Another installation on the same Redis, with the same entity ids, whose relay runs; ours stopped.
    // (Keys spelled out: the rule is that both live under the installation's prefix.)
    const other = `${prefixOf()}-other`;
    for (const { id } of Object.values(w.entities))
      await api.deps.redis.set(`${other}:entity-seq:${id}`, '0');
    await api.deps.redis.set(`${other}:entity-seq:relayed`, '1', 'PX', RELAY_CURRENT_MS);
    await api.deps.redis.del(`${prefixOf()}:entity-seq:relayed`);
    try {
      await note('Bare hos oss');
      const after = await fetchOn('replica', tokenA, etag);
      expect(after.status).toBe(200);
      expect(hasNote(after.body, 'Bare hos oss')).toBe(true);
    } finally {
      await api.deps.redis.set(relayedKey(prefixOf()), '1', 'PX', RELAY_CURRENT_MS);
      const otherKeys = await api.deps.redis.keys(`${other}:*`);
      if (otherKeys.length) await api.deps.redis.del(...otherKeys);
    }
    await relayed();
  });

  withRelay('the short path answers with the headers the route sends', async () => {
    await warm();
    const viaShort = await fetchOn('replica', tokenA);
    await api.deps.redis.del(relayedKey(prefixOf()));
    let viaRoute: Awaited<ReturnType<typeof fetchOn>>;
    try {
      const before = shortAnswers();
      viaRoute = await fetchOn('replica', tokenA);
      expect(shortAnswers()).toBe(before);
    } finally {
      await api.deps.redis.set(relayedKey(prefixOf()), '1', 'PX', RELAY_CURRENT_MS);
    }
    // Each answer carries its own request's id (compared for presence, not value).
    const headersOf = (h: Headers) =>
      [...h.entries()].filter(
        ([name]) => !['date', 'keep-alive', 'connection', 'x-request-id'].includes(name),
      );
    expect(headersOf(viaShort.headers)).toEqual(headersOf(viaRoute.headers));
    expect(viaShort.headers.get('x-request-id')).toMatch(/^[\w.:-]{1,64}$/);
    expect(viaRoute.headers.get('x-request-id')).toMatch(/^[\w.:-]{1,64}$/);
    expect(viaShort.body).toEqual(viaRoute.body);
  });

  withRelay(
    'a replica holding nothing answers 304 from the check shared in Redis, and still sees changes',
    async () => {
      const etag = await warm();
      const app = createApp(api.deps);
      const server: Server = await new Promise((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s));
      });
      try {
        const fresh = jsonRequester(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        const poll = (token: string, tag: string) =>
          fresh('GET', '/api/display/content', { token, headers: { 'if-none-match': tag } });
        // A reconnect storm's refetch: answered on the short path from Redis (no PostgreSQL), twice.
        for (const n of [1, 2]) {
          expect((await poll(tokenA, etag)).status).toBe(304);
          expect(displayContentState(app, api.deps).shortAnswers).toBe(n);
        }
        // Another display naming display A's ETag is not answered from A's check.
        expect((await poll(tokenB, etag)).status).not.toBe(304);
        // A relayed change: the shared check no longer holds, the route answers the new content.
        await note('Etter omstart');
        await relayed();
        const after = await poll(tokenA, etag);
        expect(after.status).toBe(200);
        expect(hasNote(after.body, 'Etter omstart')).toBe(true);
      } finally {
        await new Promise((r) => server.close(r));
        server.closeAllConnections();
      }
    },
  );
});
