import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  entitySeqKey,
  isOnline,
  loadDisplayHandshake,
  recordEvent,
  relayedKey,
  unitOfWork,
} from '@oppslag/api/core';
import { createEntity, createWorld, displayHealth, entities, type World } from '@oppslag/api/testing';
import { collect, nextEvent, startTestStack, type TestStack } from '@oppslag/stack/testing';
import { eq, sql } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedAudience, handshake } from './auth';
import type { GatewaySocket } from './identity';
import { DisplayPresence } from './presence';
import { type Realtime, startRealtime } from './server';

const HOUR = 3_600_000;
const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

/**
 * The handshake of a screen in one query (live check + chain + baselines) and its presence written
 * in batches: what the reconnect storm's speed-ups must not change.
 */
describe('screen handshake and batched presence', () => {
  let stack: TestStack;
  let w: World;
  const gateways: { server: Server; realtime: Realtime }[] = [];

  /** A gateway node of its own whose presence is written only when flushed or closed. */
  async function slowPresenceGateway() {
    const server = createServer();
    const realtime = await startRealtime(stack.deps, server, { consumeEvents: false, presenceFlushMs: HOUR });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const node = { server, realtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    gateways.push(node);
    return node;
  }
  const connectTo = (url: string, token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connectClient(url, { auth: { token }, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const healthOf = async (displayId: number) => {
    const [row] = await stack.deps.database.db
      .select({ connectedAt: displayHealth.connectedAt, disconnectedAt: displayHealth.disconnectedAt })
      .from(displayHealth)
      .where(eq(displayHealth.displayId, displayId));
    return row ?? null;
  };
  const online = async (displayId: number) =>
    (await isOnline(stack.deps.redis, stack.deps.config.redisPrefix, [displayId])).has(displayId);
  const newDisplay = (name: string, parentId: number) =>
    createEntity(stack.deps, { name, type: 'display', parentId });

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    for (const g of gateways) await g.realtime.close().catch(() => undefined);
    await stack?.close();
  });

  it('reads the audience a token claims only to pick its check; a forged claim is refused', async () => {
    const displayToken = await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0);
    expect(claimedAudience(displayToken)).toBe('oppslag-display');
    expect(claimedAudience(w.users.owner.token)).toBe('oppslag-console');
    expect(claimedAudience('not.a-token')).toBeNull();
    expect((await handshake(stack.deps, displayToken))?.identity).toMatchObject({ kind: 'display' });
    expect((await handshake(stack.deps, w.users.owner.token))?.identity).toMatchObject({ kind: 'user' });
    // A console token whose payload is rewritten to claim the display audience: the display check
    // runs and refuses it (the signature no longer matches), it does not fall through to the user's.
    const [head, payload, signature] = w.users.owner.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [
      head,
      Buffer.from(JSON.stringify({ ...claims, aud: 'oppslag-display' })).toString('base64url'),
      signature,
    ].join('.');
    expect(await handshake(stack.deps, forged)).toBeNull();
  });

  it('reads the chain and baselines fresh on every handshake: a moved screen joins its new chain', async () => {
    const display = await newDisplay('Moving screen', w.entities.groupA.id);
    const token = await stack.deps.tokens.signDisplay(display.id, 0);
    const before = await loadDisplayHandshake(stack.deps.database.db, { entityId: display.id, kv: 0 });
    expect(before?.ancestry).toEqual([
      display.id,
      w.entities.groupA.id,
      w.entities.orgA.id,
      w.entities.root.id,
    ]);
    const res = await stack.request('PUT', `/api/entities/${display.id}`, {
      token: w.users.superadmin.token,
      body: { parentId: w.entities.orgB.id },
    });
    expect(res.status).toBe(200);
    const found = await handshake(stack.deps, token);
    expect(found?.identity).toMatchObject({ ancestry: [display.id, w.entities.orgB.id, w.entities.root.id] });
    // The baselines are the new chain's sequences, as the rooms' own read gives them.
    const seqs = await stack.deps.database.db.execute<{ entity_id: number; seq: number }>(
      sql`select entity_id, seq from entity_sequences where entity_id in (${display.id}, ${w.entities.orgB.id}, ${w.entities.root.id})`,
    );
    const rows = ((seqs as unknown as { rows?: unknown[] }).rows ?? seqs) as {
      entity_id: number;
      seq: number;
    }[];
    const expected = new Map([display.id, w.entities.orgB.id, w.entities.root.id].map((id) => [id, 0]));
    for (const r of rows) expected.set(Number(r.entity_id), Number(r.seq));
    expect(new Map(found?.baselines?.map((b) => [b.entityId, b.seq]))).toEqual(expected);
    expect(expected.get(display.id)).toBeGreaterThan(0);
    const socket = await stack.connect(token);
    const inRooms = await stack.composed.realtime?.io.in(`display:${display.id}`).fetchSockets();
    expect(new Set(inRooms?.flatMap((s) => [...s.rooms]))).toEqual(
      new Set([
        inRooms?.[0]?.id,
        `display:${display.id}`,
        `entity:${display.id}:displays`,
        `entity:${w.entities.orgB.id}:displays`,
        `entity:${w.entities.root.id}:displays`,
      ]),
    );
    socket.close();
  });

  it('refuses a screen whose key was regenerated, that was deleted, or that is not a display', async () => {
    const display = await newDisplay('Refused screen', w.entities.groupA.id);
    const old = await stack.deps.tokens.signDisplay(display.id, 0);
    await stack.deps.database.db
      .update(entities)
      .set({ apiKeyVersion: 1 })
      .where(eq(entities.id, display.id));
    expect(await handshake(stack.deps, old)).toBeNull();
    await expect(stack.connect(old)).rejects.toMatchObject({ data: { code: 'unauthorized' } });
    const current = await stack.deps.tokens.signDisplay(display.id, 1);
    expect(await handshake(stack.deps, current)).not.toBeNull();
    await stack.deps.database.db.update(entities).set({ deleted: true }).where(eq(entities.id, display.id));
    expect(await handshake(stack.deps, current)).toBeNull();
    // A display token naming a group (an entity that is not a screen).
    expect(
      await handshake(stack.deps, await stack.deps.tokens.signDisplay(w.entities.groupA.id, 0)),
    ).toBeNull();
  });

  it('writes a queued connection time when the gateway shuts down, not only on its timer', async () => {
    const node = await slowPresenceGateway();
    const display = await newDisplay('Shutdown screen', w.entities.groupA.id);
    await connectTo(node.url, await stack.deps.tokens.signDisplay(display.id, 0));
    // A screen on another node, which the shutdown must leave alone.
    const elsewhere = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0));
    const dropped = collect(elsewhere, 'disconnect');
    // Queued, not yet written (the node flushes hourly).
    expect(await healthOf(display.id)).toBeNull();
    expect(await online(display.id)).toBe(false);
    await node.realtime.close();
    const health = await healthOf(display.id);
    expect(health?.connectedAt).toBeInstanceOf(Date);
    // Its socket was closed by the shutdown: that is written too, after the connect.
    expect(health?.disconnectedAt?.getTime()).toBeGreaterThanOrEqual(
      health?.connectedAt?.getTime() ?? Infinity,
    );
    expect(await online(display.id)).toBe(false);
    // A note pushed after the shutdown travels the adapter's stream behind anything the closing node
    // sent: the other node's screen gets it, and was not told to drop.
    const note = nextEvent(elsewhere, 'note.created', (e) =>
      JSON.stringify(e.data).includes('after shutdown'),
    );
    const res = await stack.request('POST', `/api/content/${w.entities.orgA.id}/note`, {
      token: w.users.owner.token,
      body: { text: 'after shutdown', date: new Date().toISOString(), approved: true },
    });
    expect(res.status).toBe(201);
    await note;
    expect(dropped).toHaveLength(0);
    expect(elsewhere.connected).toBe(true);
    elsewhere.close();
  });

  it('keeps every connection time and the order of a batch: the last state is the mark', async () => {
    const node = await slowPresenceGateway();
    const display = await newDisplay('Flapping screen', w.entities.orgA.id);
    const owner = await stack.connect(w.users.owner.token);
    const pushes = collect<{ entityId: number; data: { online: boolean } }>(owner, 'display.presence');
    // The node's own batcher, driven by hand: connect, last socket gone, connect again, one batch.
    const presence = new DisplayPresence(node.realtime.io, stack.deps, { flushMs: HOUR });
    const screen = (id: string) =>
      ({
        id,
        data: {
          identity: { kind: 'display', displayId: display.id, ancestry: [display.id, w.entities.orgA.id] },
        },
      }) as unknown as GatewaySocket;
    presence.connected(screen('a'));
    await presence.disconnected(screen('a'));
    presence.connected(screen('b'));
    expect(await healthOf(display.id)).toBeNull();
    const last = nextEvent<{ entityId: number; data: { online: boolean } }>(
      owner,
      'display.presence',
      (e) => e.entityId === display.id && e.data.online,
    );
    await presence.close();
    await last;
    // online, offline, online: in the order they happened, and the mark says online.
    await until(() => pushes.filter((e) => e.entityId === display.id).length === 3);
    expect(pushes.filter((e) => e.entityId === display.id).map((e) => e.data.online)).toEqual([
      true,
      false,
      true,
    ]);
    expect(await online(display.id)).toBe(true);
    const health = await healthOf(display.id);
    expect(health?.connectedAt).toBeInstanceOf(Date);
    expect(health?.disconnectedAt).toBeInstanceOf(Date);
    expect(health?.connectedAt?.getTime()).toBeGreaterThanOrEqual(
      health?.disconnectedAt?.getTime() ?? Infinity,
    );
    owner.close();
  });

  it('gives a screen reconnecting before the relay moved a commit baselines no newer than the poll answers', async () => {
    const display = await newDisplay('Reconnect window', w.entities.groupA.id);
    const token = await stack.deps.tokens.signDisplay(display.id, 0);
    const { redis } = stack.deps;
    const prefix = stack.deps.config.redisPrefix;
    // Two events for the screen (as the worker's transit poll writes them); wait for the relay.
    const departures = { entityId: display.id, updatedAt: new Date().toISOString(), stops: [] };
    for (let i = 0; i < 2; i++) {
      await unitOfWork(stack.deps, (tx) =>
        recordEvent(tx, { type: 'transit.updated', entityId: display.id, data: departures }),
      );
    }
    const fromPg = await loadDisplayHandshake(stack.deps.database.db, { entityId: display.id, kv: 0 });
    const changed = fromPg?.baselines[0];
    if (!changed || changed.seq < 2) throw new Error('the screen has no events');
    const relayedSeq = async () => Number(await redis.get(entitySeqKey(prefix, display.id)));
    const deadline = Date.now() + 10_000;
    while ((await relayedSeq()) < changed.seq && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await relayedSeq()).toBe(changed.seq);
    // The window: PostgreSQL has it at seq, the relay has raised Redis only to seq - 1 and says it
    // is live, so the content poll may still answer from the snapshot before that commit.
    await redis.set(entitySeqKey(prefix, changed.entityId), String(changed.seq - 1));
    await redis.set(relayedKey(prefix), '1', 'PX', 60_000);
    const capped = await handshake(stack.deps, token);
    expect(capped?.baselines?.find((b) => b.entityId === changed.entityId)?.seq).toBe(changed.seq - 1);
    // Redis caught up: PostgreSQL's number again.
    await redis.set(entitySeqKey(prefix, changed.entityId), String(changed.seq));
    const caughtUp = await handshake(stack.deps, token);
    expect(caughtUp?.baselines?.find((b) => b.entityId === changed.entityId)?.seq).toBe(changed.seq);
  });
});
