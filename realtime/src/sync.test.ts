import { randomUUID } from 'node:crypto';
import { invalidEvents, Queues } from '@oppslag/api/core';
import { createWorld, entitySequences, type World } from '@oppslag/api/testing';
import { collect, nextEvent, startTestStack, type TestStack } from '@oppslag/stack/testing';
import { eq } from 'drizzle-orm';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Sync = { entityId: number; seq: number };

/** What the gateway tells clients about sequences, and what it refuses to push. */
describe('gateway sync and edge validation', () => {
  let stack: TestStack;
  let w: World;
  const seqOf = async (entityId: number) => {
    const [row] = await stack.deps.database.db
      .select()
      .from(entitySequences)
      .where(eq(entitySequences.entityId, entityId));
    return row?.seq ?? 0;
  };
  const writeNote = (entityId: number, text: string) =>
    stack.request('POST', `/api/content/${entityId}/note`, {
      token: w.users.owner.token,
      body: { text, date: new Date().toISOString(), approved: true },
    });

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay', syncIntervalMs: 300 });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('gives a new socket the latest sequence of each of its rooms, then repeats it periodically', async () => {
    const { root, orgA, groupA, displayA } = w.entities;
    expect((await writeNote(orgA.id, 'before connecting')).status).toBe(201);
    // Listening before the handshake ends: the baselines follow `connect` in the same read, so a
    // listener added after `stack.connect` resolves can miss them.
    const display = connectClient(stack.url, {
      path: '/socket.io',
      auth: { token: await stack.deps.tokens.signDisplay(displayA.id, 0) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const syncs = collect<Sync>(display, 'sync');
    await new Promise<void>((resolve, reject) => {
      display.once('connect', () => resolve());
      display.once('connect_error', reject);
    });
    const deadline = Date.now() + 5000;
    while (new Set(syncs.map((s) => s.entityId)).size < 4 && Date.now() < deadline) await sleep(20);
    const first = new Map<number, number>();
    for (const s of syncs) if (!first.has(s.entityId)) first.set(s.entityId, s.seq);
    expect(first).toEqual(
      new Map([
        [root.id, await seqOf(root.id)],
        [orgA.id, await seqOf(orgA.id)],
        [groupA.id, await seqOf(groupA.id)],
        [displayA.id, await seqOf(displayA.id)],
      ]),
    );
    expect(first.get(orgA.id)).toBeGreaterThan(0);

    // A write after connecting: a later periodic sync names its number.
    const written = await writeNote(orgA.id, 'after connecting');
    expect(written.status).toBe(201);
    const latest = await seqOf(orgA.id);
    await nextEvent<Sync>(display, 'sync', (s) => s.entityId === orgA.id && s.seq === latest, 8000);
    display.close();
  });

  it('logs, counts and does not push an event whose data does not match the catalogue', async () => {
    const { orgA, displayA } = w.entities;
    const console = await stack.connect(w.users.owner.token);
    const display = await stack.connect(await stack.deps.tokens.signDisplay(displayA.id, 0));
    const seen = [
      collect(console, 'note.created'),
      collect(display, 'note.created'),
      collect(display, 'withheld'),
    ];
    const counted = async () =>
      (await invalidEvents.get()).values.find((v) => v.labels.where === 'gateway')?.value ?? 0;
    const before = await counted();
    // Straight into the queue, around the relay's own check (an older relay, a hand-made job).
    const queues = new Queues({
      redisUrl: stack.deps.config.redisUrl,
      redisPrefix: stack.deps.config.redisPrefix,
      logger: stack.deps.logger,
    });
    const id = randomUUID();
    await queues.queue('events').add(
      'event',
      {
        id,
        type: 'note.created',
        entityId: orgA.id,
        seq: 10_000,
        data: { id: 1, note: { text: 'PENDING-GUESS' } },
        actorId: null,
        createdAt: new Date().toISOString(),
      } as never,
      { jobId: id },
    );
    const deadline = Date.now() + 5000;
    while ((await counted()) === before && Date.now() < deadline) await sleep(20);
    expect(await counted()).toBe(before + 1);
    await sleep(200);
    expect(seen.map((list) => list.length)).toEqual([0, 0, 0]);
    await queues.close();
    console.close();
    display.close();
  });
});
