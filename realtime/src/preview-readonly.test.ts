import { createEntity, createWorld, grant, jpegWithOrientation, type World } from '@oppslag/api/testing';
import type { DisplayHealth } from '@oppslag/common';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A console's preview token only reads (issue 28 item 1): connected with it, a socket's forged
 * heartbeat, "shown" report and screenshot change nothing the owner sees. Through the real
 * preview route, a real socket and the real health and delivery reads.
 */
describe('a preview token on the realtime gateway', () => {
  let stack: TestStack;
  let w: World;
  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(() => stack?.close());

  const health = async (id: number) => {
    const res = await stack.request('GET', `/api/entities/${id}/health`, { token: w.users.owner.token });
    expect(res.status).toBe(200);
    return res.body as DisplayHealth;
  };
  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 100 && !ok(await read()); i++) await sleep(50);
    return read();
  }
  const heartbeat = (playerVersion: string) => ({
    playerVersion,
    screen: { width: 1920, height: 1080 },
    contentVersion: '"v"',
    lastError: null,
  });

  it('writes no heartbeat, no delivery mark and no screenshot; the screen itself still does', async () => {
    const org = await createEntity(stack.deps, {
      name: 'Preview org',
      type: 'organization',
      parentId: w.entities.root.id,
    });
    await grant(stack.deps, w.users.owner.id, org.id, 'owner');
    await grant(stack.deps, w.users.moderator.id, org.id, 'moderator');
    const display = await createEntity(stack.deps, {
      name: 'Preview screen',
      type: 'display',
      parentId: org.id,
    });
    const note = await stack.request('POST', `/api/content/${org.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>Heisen er stengt</p>', date: new Date().toISOString(), approved: true },
    });
    expect(note.status).toBe(201);
    const noteId = note.body.id as number;

    // Any moderator may make the preview token.
    const preview = await stack.request('POST', `/api/entities/${display.id}/display-preview`, {
      token: w.users.moderator.token,
    });
    expect(preview.status).toBe(200);
    const forger = await stack.connect(preview.body.token as string);
    forger.emit('display.heartbeat', heartbeat('FORGED-9.9.9'));
    forger.emit('display.rendered', { contentVersion: '"f"', notes: [noteId], slides: [] });
    // No answer at all: the preview socket has no screenshot handler.
    await expect(
      forger.timeout(1500).emitWithAck('display.screenshot', await jpegWithOrientation()),
    ).rejects.toThrow();
    await sleep(300);

    const after = await health(display.id);
    expect(after.lastHeartbeatAt).toBeNull();
    expect(after.playerVersion).toBeNull();
    expect(after.screenshot).toBeNull();
    expect(after.online).toBe(false);
    const delivery = await stack.request('GET', `/api/content/${org.id}/note/${noteId}/delivery`, {
      token: w.users.owner.token,
    });
    expect(delivery.body).toMatchObject({ shown: 0, total: 1 });

    // The screen's own token on the same gateway is still heard (the rule is the preview's, not a broken socket).
    const screen = await stack.connect(await stack.deps.tokens.signDisplay(display.id, 0));
    screen.emit('display.heartbeat', heartbeat('1.0.0'));
    const real = await until(
      () => health(display.id),
      (h) => h.playerVersion !== null,
    );
    expect(real.playerVersion).toBe('1.0.0');
    forger.close();
    screen.close();
  });
});
