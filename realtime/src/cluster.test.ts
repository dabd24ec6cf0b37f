import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWorld, type World } from '@oppslag/api/testing';
import { collect, startTestStack, type TestStack } from '@oppslag/stack/testing';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Realtime, startRealtime } from './server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two gateway nodes on one Redis: each event is consumed by one node and reaches sockets on both. */
describe('several realtime nodes', () => {
  let stack: TestStack;
  let w: World;
  let second: { server: Server; realtime: Realtime; url: string };

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
    const server = createServer();
    const realtime = await startRealtime(stack.deps, server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    second = { server, realtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    await second?.realtime.close();
    await stack?.close();
  });

  it('delivers every event exactly once to screens on either node', async () => {
    const onFirst = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0));
    const onSecond: Socket = connectClient(second.url, {
      auth: { token: await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0) },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      onSecond.once('connect', () => resolve(undefined));
      onSecond.once('connect_error', reject);
    });
    const [a, b] = [collect(onFirst, 'note.created'), collect(onSecond, 'note.created')];
    const WRITES = 12;
    for (let i = 0; i < WRITES; i++) {
      const res = await stack.request('POST', `/api/content/${w.entities.orgA.id}/note`, {
        token: w.users.owner.token,
        body: { text: `cluster ${i}`, date: new Date().toISOString(), approved: true },
      });
      expect(res.status).toBe(201);
    }
    const deadline = Date.now() + 10_000;
    while ((a.length < WRITES || b.length < WRITES) && Date.now() < deadline) await sleep(20);
    await sleep(300);
    for (const seen of [a, b]) {
      expect(seen).toHaveLength(WRITES);
      expect(new Set(seen.map((e) => e.id)).size).toBe(WRITES);
    }
    expect(a.map((e) => e.id).sort()).toEqual(b.map((e) => e.id).sort());
    onFirst.close();
    onSecond.close();
  });

  it('disconnects a screen on the other node when its key is regenerated', async () => {
    const onSecond: Socket = connectClient(second.url, {
      auth: { token: await stack.deps.tokens.signDisplay(w.entities.displayB.id, 0) },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise((resolve) => onSecond.once('connect', () => resolve(undefined)));
    const cut = new Promise<string>((resolve) => onSecond.once('disconnect', resolve));
    const res = await stack.request('POST', `/api/entities/${w.entities.displayB.id}/regenerate-api-key`, {
      token: w.users.superadmin.token,
    });
    expect(res.status).toBe(200);
    expect(await cut).toBe('io server disconnect');
  });
});
