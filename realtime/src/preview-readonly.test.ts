import { createEntity, createWorld, grant, jpegWithOrientation, type World } from '@oppslag/api/testing';
import type { DisplayHealth } from '@oppslag/common';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Long enough for a report the gateway did accept to be written and read back. */
const SETTLE_MS = 500;

/**
 * A console's preview token only reads (issue 28 item 1): connected with it, a socket's forged
 * heartbeat, "shown" report and screenshot change nothing the owner sees, one test per capability.
 * Through the real preview route (made by a moderator), a real socket and the real health and
 * delivery reads.
 */
describe('a preview token on the realtime gateway', () => {
  let stack: TestStack;
  let w: World;
  let displayId: number;
  let orgId: number;
  let noteId: number;
  let forger: ClientSocket;
  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
    const org = await createEntity(stack.deps, {
      name: 'Preview org',
      type: 'organization',
      parentId: w.entities.root.id,
    });
    orgId = org.id;
    await grant(stack.deps, w.users.owner.id, org.id, 'owner');
    await grant(stack.deps, w.users.moderator.id, org.id, 'moderator');
    displayId = (
      await createEntity(stack.deps, { name: 'Preview screen', type: 'display', parentId: org.id })
    ).id;
    const note = await stack.request('POST', `/api/content/${org.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>Heisen er stengt</p>', date: new Date().toISOString(), approved: true },
    });
    expect(note.status).toBe(201);
    noteId = note.body.id as number;
    // Any moderator may make the preview token.
    const preview = await stack.request('POST', `/api/entities/${displayId}/display-preview`, {
      token: w.users.moderator.token,
    });
    expect(preview.status).toBe(200);
    forger = await stack.connect(preview.body.token as string);
  });
  afterAll(async () => {
    forger?.close();
    await stack?.close();
  });

  const health = async () => {
    const res = await stack.request('GET', `/api/entities/${displayId}/health`, {
      token: w.users.owner.token,
    });
    expect(res.status).toBe(200);
    return res.body as DisplayHealth;
  };
  const heartbeat = (playerVersion: string) => ({
    playerVersion,
    screen: { width: 1920, height: 1080 },
    contentVersion: '"v"',
    lastError: null,
  });

  it('report: a forged heartbeat sets no version, uptime or online state', async () => {
    forger.emit('display.heartbeat', heartbeat('FORGED-9.9.9'));
    await sleep(SETTLE_MS);
    expect(await health()).toMatchObject({
      lastHeartbeatAt: null,
      playerVersion: null,
      online: false,
      uptime: null,
    });
  });

  it('report: a forged "shown" report moves no proof of delivery', async () => {
    forger.emit('display.rendered', { contentVersion: '"f"', notes: [noteId], slides: [] });
    await sleep(SETTLE_MS);
    const delivery = await stack.request('GET', `/api/content/${orgId}/note/${noteId}/delivery`, {
      token: w.users.owner.token,
    });
    expect(delivery.body).toMatchObject({ shown: 0, total: 1 });
  });

  it('report: a forged screenshot is neither stored nor answered', async () => {
    await expect(
      forger.timeout(1500).emitWithAck('display.screenshot', await jpegWithOrientation()),
    ).rejects.toThrow();
    expect((await health()).screenshot).toBeNull();
  });

  it('the screen’s own token on the same gateway is still heard', async () => {
    const screen = await stack.connect(await stack.deps.tokens.signDisplay(displayId, 0));
    screen.emit('display.heartbeat', heartbeat('1.0.0'));
    let seen = await health();
    for (let i = 0; i < 100 && seen.playerVersion === null; i++) {
      await sleep(50);
      seen = await health();
    }
    expect(seen.playerVersion).toBe('1.0.0');
    screen.close();
  });
});
