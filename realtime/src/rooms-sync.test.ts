import { createWorld, type World } from '@oppslag/api/testing';
import { nextEvent, startTestStack, type TestStack } from '@oppslag/stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rooms stay in step with the hierarchy while sockets are connected. */
describe('room membership follows entity changes', () => {
  let stack: TestStack;
  let w: World;
  const roomsOf = async (room: string) => {
    const sockets = await stack.composed.realtime?.io.in(room).fetchSockets();
    return new Set(sockets?.flatMap((s) => [...s.rooms]));
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 3000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await sleep(20);
    }
  };
  const writeNote = (entityId: number, token: string, text: string) =>
    stack.request('POST', `/api/content/${entityId}/note`, {
      token,
      body: { text, date: new Date().toISOString(), approved: true },
    });

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lets readers of the parent follow a newly created entity at once', async () => {
    const owner = await stack.connect(w.users.owner.token);
    const created = nextEvent(owner, 'entity.created');
    const res = await stack.request('POST', '/api/entities', {
      token: w.users.owner.token,
      body: { name: 'Block C', type: 'group', parentId: w.entities.orgA.id },
    });
    expect(res.status).toBeLessThan(300);
    const event = await created;
    const newId = event.entityId as number;
    expect((await roomsOf(`user:${w.users.owner.id}`)).has(`entity:${newId}`)).toBe(true);
    const note = nextEvent(owner, 'note.created', (e) => e.entityId === newId);
    expect((await writeNote(newId, w.users.owner.token, 'In the new block')).status).toBe(201);
    await note;
    owner.close();
  });

  it('moves a screen’s rooms with it when its entity moves to another organization', async () => {
    const display = await stack.connect(await stack.deps.tokens.signDisplay(w.entities.displayA.id, 0));
    const res = await stack.request('PUT', `/api/entities/${w.entities.displayA.id}`, {
      token: w.users.superadmin.token,
      body: { parentId: w.entities.orgB.id },
    });
    expect(res.status).toBe(200);
    const room = `display:${w.entities.displayA.id}`;
    await until(
      async () => (await roomsOf(room)).has(`entity:${w.entities.orgB.id}:displays`),
      'joined the new organization',
    );
    const rooms = await roomsOf(room);
    expect(rooms.has(`entity:${w.entities.orgA.id}:displays`)).toBe(false);
    expect(rooms.has(`entity:${w.entities.groupA.id}:displays`)).toBe(false);
    const note = nextEvent(display, 'note.created', (e) => e.entityId === w.entities.orgB.id);
    expect((await writeNote(w.entities.orgB.id, w.users.sibling.token, 'Org B news')).status).toBe(201);
    await note;
    display.close();
  });

  it('cuts off a user’s sockets when a new password ends their sessions, and follows admin changes', async () => {
    const moderator = await stack.connect(w.users.moderator.token);
    const cut = new Promise<string>((resolve) => moderator.once('disconnect', resolve));
    const res = await stack.request('POST', `/api/users/${w.users.moderator.id}/generateNewPassword`, {
      token: w.users.superadmin.token,
    });
    expect(res.status).toBeLessThan(300);
    expect(await cut).toBe('io server disconnect');
    await expect(stack.connect(w.users.moderator.token)).rejects.toMatchObject({
      data: { code: 'unauthorized' },
    });

    const administrator = await stack.connect(w.users.administrator.token);
    const promoted = await stack.request('PUT', `/api/users/${w.users.administrator.id}`, {
      token: w.users.superadmin.token,
      body: { admin: true },
    });
    expect(promoted.status).toBe(200);
    await until(async () => (await roomsOf(`user:${w.users.administrator.id}`)).has('admin'), 'joined admin');
    expect(administrator.connected).toBe(true);
    administrator.close();
  });

  it('disconnects screens below a deleted entity, and they cannot come back', async () => {
    const token = await stack.deps.tokens.signDisplay(w.entities.displayB.id, 0);
    const display = await stack.connect(token);
    const cut = new Promise<string>((resolve) => display.once('disconnect', resolve));
    const res = await stack.request('DELETE', `/api/entities/${w.entities.displayB.id}`, {
      token: w.users.superadmin.token,
    });
    expect(res.status).toBe(200);
    expect(await cut).toBe('io server disconnect');
    await expect(stack.connect(token)).rejects.toMatchObject({ data: { code: 'unauthorized' } });
  });
});
