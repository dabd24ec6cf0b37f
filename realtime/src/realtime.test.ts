import { isOnline } from '@oppslag/api/core';
import { createUser, createWorld, grant, type World } from '@oppslag/api/testing';
import { SUBSCRIBE_LIMIT } from '@oppslag/common';
import { collect, nextEvent, startTestStack, type TestStack } from '@oppslag/stack/testing';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('realtime gateway', () => {
  let stack: TestStack;
  let w: World;
  const displayToken = (id: number, kv = 0) => stack.deps.tokens.signDisplay(id, kv);
  const writeNote = (entityId: number, token: string, text: string) =>
    stack.request('POST', `/api/content/${entityId}/note`, {
      token,
      body: { text, date: new Date().toISOString(), approved: true },
    });
  /** Rooms a user's or display's sockets are in, as the server sees them. */
  const roomsOf = async (room: string) => {
    const sockets = await stack.composed.realtime?.io.in(room).fetchSockets();
    return new Set(sockets?.flatMap((s) => [...s.rooms]));
  };

  beforeAll(async () => {
    // The gateway needs the relay, not the worker's processors.
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('pushes a note written on an organization to displays below it and not to another organization', async () => {
    const a = await stack.connect(await displayToken(w.entities.displayA.id));
    const b = await stack.connect(await displayToken(w.entities.displayB.id));
    const seenByB = collect(b, 'note.created');
    const arrived = nextEvent(a, 'note.created');
    const res = await writeNote(w.entities.orgA.id, w.users.owner.token, 'Dugnad on Saturday');
    expect(res.status).toBe(201);
    const event = await arrived;
    expect(event).toMatchObject({ entityId: w.entities.orgA.id });
    expect(typeof event.id).toBe('string');
    expect(event.seq).toBeGreaterThan(0);
    expect(JSON.stringify(event.data)).toContain('Dugnad on Saturday');
    await sleep(300);
    expect(seenByB).toHaveLength(0);
    a.close();
    b.close();
  });

  it('numbers each entity’s events in sequence, and the numbers reach the screen in order', async () => {
    const a = await stack.connect(await displayToken(w.entities.displayA.id));
    const seen = collect(a, 'note.created');
    for (let i = 0; i < 5; i++)
      expect((await writeNote(w.entities.groupA.id, w.users.owner.token, `note ${i}`)).status).toBe(201);
    const deadline = Date.now() + 5000;
    while (seen.length < 5 && Date.now() < deadline) await sleep(20);
    const seqs = seen.map((e) => e.seq);
    expect(seqs).toHaveLength(5);
    expect(seen.every((e) => e.entityId === w.entities.groupA.id)).toBe(true);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1] + 1);
    a.close();
  });

  it('delivers a display command only to the selected displays', async () => {
    const a = await stack.connect(await displayToken(w.entities.displayA.id));
    const b = await stack.connect(await displayToken(w.entities.displayB.id));
    const seenByA = collect(a, 'display.command');
    const toB = nextEvent(b, 'display.command');
    // Consoles reading the screen see it too, so their per-entity sequence has no hole.
    const siblingConsole = await stack.connect(w.users.sibling.token);
    const toConsole = nextEvent(siblingConsole, 'display.command');
    const res = await stack.request('POST', '/api/admin/displays/update', {
      token: w.users.superadmin.token,
      body: { entities: [w.entities.displayB.id] },
    });
    expect(res.status).toBe(200);
    expect(await toB).toMatchObject({ entityId: w.entities.displayB.id, data: { command: 'reload' } });
    expect((await toConsole).id).toBe((await toB).id);
    siblingConsole.close();
    await sleep(300);
    expect(seenByA).toHaveLength(0);
    a.close();
    b.close();
  });

  it('joins a user only to rooms of entities they can read, and authorizes subscribe requests', async () => {
    const moderator = await stack.connect(w.users.moderator.token);
    const rooms = await roomsOf(`user:${w.users.moderator.id}`);
    const { orgA, groupA, displayA, orgB, displayB, root } = w.entities;
    for (const e of [orgA, groupA, displayA]) expect(rooms.has(`entity:${e.id}`)).toBe(true);
    for (const e of [orgB, displayB, root]) expect(rooms.has(`entity:${e.id}`)).toBe(false);
    expect(rooms.has('admin')).toBe(false);

    const denied = await moderator.emitWithAck('subscribe', { entityId: orgB.id });
    expect(denied).toEqual({ ok: false });
    expect((await roomsOf(`user:${w.users.moderator.id}`)).has(`entity:${orgB.id}`)).toBe(false);
    expect(await moderator.emitWithAck('subscribe', { entityId: groupA.id })).toEqual({ ok: true });
    expect(await moderator.emitWithAck('subscribe', { entityId: 'x' })).toEqual({ ok: false });

    const admin = await stack.connect(w.users.superadmin.token);
    expect((await roomsOf(`user:${w.users.superadmin.id}`)).has('admin')).toBe(true);
    const sibling = await stack.connect(w.users.sibling.token);
    const seenBySibling = collect(sibling, 'note.created');
    const toModerator = nextEvent(moderator, 'note.created', (e) => e.entityId === displayA.id);
    const toAdmin = nextEvent(admin, 'note.created', (e) => e.entityId === displayA.id);
    await writeNote(displayA.id, w.users.owner.token, 'Console sees this');
    await Promise.all([toModerator, toAdmin]);
    await sleep(200);
    expect(seenBySibling.filter((e) => e.entityId === displayA.id)).toHaveLength(0);
    for (const s of [moderator, admin, sibling]) s.close();
  });

  it('moves a connected user into an entity’s room when they are made a member', async () => {
    const sibling = await stack.connect(w.users.sibling.token);
    const added = nextEvent(sibling, 'member.added');
    const res = await stack.request('POST', `/api/entities/${w.entities.orgA.id}/members`, {
      token: w.users.superadmin.token,
      body: [{ email: w.users.sibling.email, role: 'moderator' }],
    });
    expect(res.status).toBeLessThan(300);
    await added;
    expect((await roomsOf(`user:${w.users.sibling.id}`)).has(`entity:${w.entities.groupA.id}`)).toBe(true);
    const note = nextEvent(sibling, 'note.created', (e) => e.entityId === w.entities.groupA.id);
    await writeNote(w.entities.groupA.id, w.users.owner.token, 'Now visible to the new member');
    await note;

    const removed = await stack.request(
      'DELETE',
      `/api/entities/${w.entities.orgA.id}/members/${w.users.sibling.id}`,
      {
        token: w.users.superadmin.token,
      },
    );
    expect(removed.status).toBeLessThan(300);
    const deadline = Date.now() + 3000;
    while ((await roomsOf(`user:${w.users.sibling.id}`)).has(`entity:${w.entities.groupA.id}`)) {
      if (Date.now() > deadline) throw new Error('user still in the room after removal');
      await sleep(20);
    }
    sibling.close();
  });

  it('refuses sockets from origins outside the allow-list but accepts the public URL', async () => {
    const token = w.users.owner.token;
    await expect(stack.connect(token, { origin: 'https://evil.example' })).rejects.toThrow();
    const ok = await stack.connect(token, { origin: stack.deps.config.publicUrl });
    ok.close();
    await expect(stack.connect('not-a-token')).rejects.toMatchObject({ data: { code: 'unauthorized' } });
  });

  it('tracks display presence in Redis and tells consoles', async () => {
    const owner = await stack.connect(w.users.owner.token);
    const online = nextEvent(owner, 'display.presence', (e) => e.entityId === w.entities.displayA.id);
    const display = await stack.connect(await displayToken(w.entities.displayA.id));
    expect(await online).toMatchObject({ data: { displayId: w.entities.displayA.id, online: true } });
    const { redis, config } = stack.deps;
    expect(
      (await isOnline(redis, config.redisPrefix, [w.entities.displayA.id])).has(w.entities.displayA.id),
    ).toBe(true);
    const offline = nextEvent(
      owner,
      'display.presence',
      (e) => (e.data as { online: boolean }).online === false,
    );
    display.close();
    await offline;
    expect((await isOnline(redis, config.redisPrefix, [w.entities.displayA.id])).size).toBe(0);
    owner.close();
  });

  it('answers a user flooding subscribe requests with rate_limited, on every socket of theirs', async () => {
    // A user of their own: the budget is the user's, not the socket's.
    const flooder = await createUser(stack.deps, {
      email: 'flooder@example.com',
      password: 'flooder-password',
    });
    await grant(stack.deps, flooder.id, w.entities.orgA.id, 'moderator');
    const moderator = await stack.connect(flooder.token);
    const answers: { ok: boolean; error?: string }[] = [];
    for (let i = 0; i < SUBSCRIBE_LIMIT + 5; i++)
      answers.push(await moderator.emitWithAck('subscribe', { entityId: w.entities.groupA.id }));
    expect(answers.filter((a) => a.ok)).toHaveLength(SUBSCRIBE_LIMIT);
    expect(answers.slice(SUBSCRIBE_LIMIT)).toEqual(Array(5).fill({ ok: false, error: 'rate_limited' }));
    // A second socket of the same user buys no more checks (issue 28 item 8); another user has their own budget.
    const second = await stack.connect(flooder.token);
    expect(await second.emitWithAck('subscribe', { entityId: w.entities.groupA.id })).toEqual({
      ok: false,
      error: 'rate_limited',
    });
    const other = await stack.connect(w.users.owner.token);
    expect(await other.emitWithAck('subscribe', { entityId: w.entities.groupA.id })).toEqual({ ok: true });
    for (const s of [moderator, second, other]) s.close();
  });

  it('lets a console preview follow the screen without making it look online', async () => {
    const owner = await stack.connect(w.users.owner.token);
    const presence = collect(owner, 'display.presence');
    const preview = await stack.connect(
      await stack.deps.tokens.signDisplayPreview(w.entities.displayA.id, 0),
    );
    const arrived = nextEvent(preview, 'note.created', (e) => JSON.stringify(e.data).includes('previewed'));
    expect((await writeNote(w.entities.orgA.id, w.users.owner.token, 'previewed note')).status).toBe(201);
    await arrived;
    const { redis, config } = stack.deps;
    expect((await isOnline(redis, config.redisPrefix, [w.entities.displayA.id])).size).toBe(0);
    preview.close();
    // The owner's own note event comes after any presence push the preview could have caused.
    const later = nextEvent(owner, 'note.created', (e) => JSON.stringify(e.data).includes('after preview'));
    await writeNote(w.entities.orgA.id, w.users.owner.token, 'after preview');
    await later;
    expect(presence.filter((e) => e.entityId === w.entities.displayA.id)).toHaveLength(0);
    owner.close();
  });

  it('recovers a dropped display connection with its rooms and missed events', async () => {
    const token = await displayToken(w.entities.displayA.id);
    const display: ClientSocket = await stack.connect(token, { reconnection: true });
    // A first event establishes the recovery offset.
    const first = nextEvent(display, 'note.created');
    await writeNote(w.entities.orgA.id, w.users.owner.token, 'before the drop');
    await first;
    const reconnected = new Promise<void>((resolve) => display.once('connect', () => resolve()));
    display.io.engine.close();
    await reconnected;
    expect(display.recovered).toBe(true);
    const after = nextEvent(display, 'note.created', (e) => JSON.stringify(e.data).includes('after'));
    await writeNote(w.entities.orgA.id, w.users.owner.token, 'after the drop');
    await after;
    display.close();
  });

  // How fast the cut lands is a figure for `npm run bench` (realtime), not an assertion here.
  it('disconnects a display when its API key is regenerated, and keeps it out', async () => {
    const token = await displayToken(w.entities.displayA.id);
    const display = await stack.connect(token, { reconnection: true });
    const cut = new Promise<string>((resolve) => display.once('disconnect', (reason) => resolve(reason)));
    const res = await stack.request('POST', `/api/entities/${w.entities.displayA.id}/regenerate-api-key`, {
      token: w.users.superadmin.token,
    });
    expect(res.status).toBe(200);
    expect(await cut).toBe('io server disconnect');
    await expect(stack.connect(token)).rejects.toMatchObject({ data: { code: 'unauthorized' } });
    display.close();
  });

  it('refuses a recovering connection whose key was regenerated while it was away', async () => {
    const [row] = await stack.deps.database.db.query.entities.findMany({
      where: (e, { eq }) => eq(e.id, w.entities.displayA.id),
    });
    const token = await displayToken(w.entities.displayA.id, row.apiKeyVersion);
    const display = await stack.connect(token, { reconnection: true });
    const first = nextEvent(display, 'note.created');
    await writeNote(w.entities.orgA.id, w.users.owner.token, 'offset');
    await first;
    const refused = new Promise<Error & { data?: { code: string } }>((resolve) =>
      display.once('connect_error', resolve),
    );
    // The key changes while the screen is off the network; it then comes back inside the recovery window.
    display.io.opts.reconnectionDelay = 500;
    display.io.engine.close();
    const res = await stack.request('POST', `/api/entities/${w.entities.displayA.id}/regenerate-api-key`, {
      token: w.users.superadmin.token,
    });
    expect(res.status).toBe(200);
    expect((await refused).data?.code).toBe('unauthorized');
    expect(display.connected).toBe(false);
    display.close();
  });
});
