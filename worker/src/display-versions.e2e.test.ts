import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeDisplayId, entitySeqKey, relayedKey } from '@oppslag/api/core';
import { createApp } from '@oppslag/api/http';
import { createWorld, entitySequences, jsonRequester, type World } from '@oppslag/api/testing';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './test/sms-pipeline';

/**
 * Display polls of an unchanged display are checked against the entity numbers the outbox relay
 * keeps in Redis (api/src/services/display-versions.service.ts) instead of PostgreSQL. Here with
 * the real relay of the worker runtime: it raises the number of every entity whose event it moved
 * to PostgreSQL's sequence number and marks itself current, and a change written through one API
 * replica reaches the next poll on another once the relay has moved its event.
 */
describe('display content polls and the outbox relay (API replicas + relay)', () => {
  let stack: TestStack;
  let w: World;
  let token: string;
  let replica: { server: Server; request: TestStack['request'] };
  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
    const server: Server = await new Promise((resolve) => {
      const s = createApp(stack.deps).listen(0, '127.0.0.1', () => resolve(s));
    });
    replica = {
      server,
      request: jsonRequester(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    };
    const reg = await stack.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(w.entities.displayA.id), apiKey: 'key-a' },
    });
    token = reg.body.token;
  });
  afterAll(async () => {
    await new Promise((r) => replica.server.close(r));
    replica.server.closeAllConnections();
    await stack.close();
  });

  const poll = (on: 'stack' | 'replica', etag?: string) =>
    (on === 'stack' ? stack.request : replica.request)('GET', '/api/display/content', {
      token,
      headers: etag ? { 'if-none-match': etag } : {},
    });

  it('raises the numbers of the entities whose events it moved, and a change reaches the other replica', async () => {
    const prefix = stack.deps.config.redisPrefix;
    const relay = stack.composed.worker?.relay;
    if (!relay) throw new Error('the stack runs a relay');
    const first = await poll('stack');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    expect((await poll('replica', etag)).status).toBe(304);
    // The relay marks itself current after every pass (its sweep runs every 200 ms here).
    await waitFor(async () => (await stack.deps.redis.exists(relayedKey(prefix))) === 1);

    const res = await stack.request('POST', `/api/content/${w.entities.orgA.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>Fra reléet</p>', date: new Date(Date.now() - 60_000).toISOString(), approved: true },
    });
    expect(res.status).toBe(201);
    // The commit woke the relay; once its pass is done, the number is PostgreSQL's.
    await relay.idle();
    const [row] = await stack.deps.database.db
      .select({ seq: entitySequences.seq })
      .from(entitySequences)
      .where(eq(entitySequences.entityId, w.entities.orgA.id));
    expect(await stack.deps.redis.get(entitySeqKey(prefix, w.entities.orgA.id))).toBe(String(row.seq));

    const after = await poll('replica', etag);
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.body.notes)).toContain('Fra reléet');
    expect(after.headers.get('etag')).not.toBe(etag);
  });
});
