import {
  createEntity,
  createWorld,
  grant,
  jpegWithOrientation,
  pngSample,
  type World,
  webpSample,
} from '@oppslag/api/testing';
import { type DisplayHealth, SCREENSHOT_MAX_BYTES } from '@oppslag/common';
import { nextEvent, startTestStack, type TestStack } from '@oppslag/stack/testing';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MINUTE = 60_000;

/** Screen health and proof of delivery through HTTP and real display sockets (issue 16). */
describe('screen health and proof of delivery', () => {
  let stack: TestStack;
  let w: World;
  const displayToken = (id: number) => stack.deps.tokens.signDisplay(id, 0);
  const connectDisplay = async (id: number) => stack.connect(await displayToken(id));
  const health = async (id: number, token = w.users.owner.token) => {
    const res = await stack.request('GET', `/api/entities/${id}/health`, { token });
    expect(res.status).toBe(200);
    return res.body as DisplayHealth;
  };
  /** Reports are written after the socket event; wait until the read shows them. */
  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (ok(value)) return value;
      await sleep(50);
    }
    return read();
  }
  const heartbeat = (socket: ClientSocket, extra: Record<string, unknown> = {}) =>
    socket.emit('display.heartbeat', {
      playerVersion: '1.4.2',
      screen: { width: 1080, height: 1920 },
      contentVersion: '"v-17"',
      lastError: null,
      ...extra,
    });

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    stack.setNow(null);
    await stack?.close();
  });

  it('reports heartbeat, version, screen, last error, content version, uptime and online/offline since', async () => {
    const display = await createEntity(stack.deps, {
      name: 'Health A',
      type: 'display',
      parentId: w.entities.groupA.id,
    });
    const t0 = new Date('2026-03-02T10:00:00.000Z');
    stack.setNow(t0);
    const socket = await connectDisplay(display.id);
    heartbeat(socket, { lastError: { message: 'TypeError: x is undefined', at: t0.toISOString() } });
    const first = await until(
      () => health(display.id),
      (h) => h.lastHeartbeatAt !== null,
    );
    expect(first).toMatchObject({
      displayId: display.id,
      online: true,
      since: t0.toISOString(),
      lastHeartbeatAt: t0.toISOString(),
      playerVersion: '1.4.2',
      screen: { width: 1080, height: 1920, orientation: 'portrait' },
      // A portrait screen on a display set to landscape: the console warns of the letterbox.
      configuredOrientation: 'landscape',
      uptime: 1,
      lastError: { message: 'TypeError: x is undefined', at: t0.toISOString() },
      content: { version: '"v-17"', reportedAt: t0.toISOString() },
      screenshot: null,
    });
    // A minute into the next bucket, a screen that is fine has not had to report in it yet.
    stack.setNow(new Date(t0.getTime() + 6 * MINUTE));
    expect((await health(display.id)).uptime).toBe(1);
    socket.close();

    // Heartbeats at +5, +10 and +20 minutes (a fresh socket each, as a screen that reconnects):
    // 4 of the 5 five-minute buckets since the first heartbeat are up.
    for (const minutes of [5, 10, 20]) {
      const at = new Date(t0.getTime() + minutes * MINUTE);
      stack.setNow(at);
      const s = await connectDisplay(display.id);
      heartbeat(s, { screen: { width: 1920, height: 1080 } });
      await until(
        () => health(display.id),
        (h) => h.lastHeartbeatAt === at.toISOString(),
      );
      s.close();
    }
    const later = await until(
      () => health(display.id),
      (h) => !h.online,
    );
    expect(later.uptime).toBe(0.8);
    expect(later.screen).toEqual({ width: 1920, height: 1080, orientation: 'landscape' });
    // A heartbeat without an error keeps the last one seen.
    expect(later.lastError?.message).toBe('TypeError: x is undefined');
    expect(later.online).toBe(false);
    expect(later.since).toBe(new Date(t0.getTime() + 20 * MINUTE).toISOString());
    // The admin displays table has the same figures at a glance (one grouped read for all displays).
    const table = await stack.request('GET', '/api/admin/displays', { token: w.users.superadmin.token });
    const row = (table.body as { entity: { id: number }; health: unknown }[]).find(
      (r) => r.entity.id === display.id,
    );
    expect(row?.health).toEqual({
      since: later.since,
      lastHeartbeatAt: later.lastHeartbeatAt,
      playerVersion: '1.4.2',
      screen: { width: 1920, height: 1080, orientation: 'landscape' },
      uptime: 0.8,
      lastError: later.lastError,
    });
    // The setting follows the entity: set to portrait, the health says so.
    const put = await stack.request('PUT', `/api/entities/${display.id}`, {
      token: w.users.superadmin.token,
      body: { orientation: 1 },
    });
    expect(put.status).toBe(200);
    expect((await health(display.id)).configuredOrientation).toBe('portrait');
    stack.setNow(null);
  });

  it('ignores reports that do not match the schema', async () => {
    const display = await createEntity(stack.deps, {
      name: 'Health B',
      type: 'display',
      parentId: w.entities.groupA.id,
    });
    const socket = await connectDisplay(display.id);
    socket.emit('display.heartbeat', { playerVersion: 42, screen: 'big' });
    socket.emit('display.rendered', { notes: ['1; drop table notes'], slides: [] });
    await sleep(300);
    const h = await health(display.id);
    expect(h.lastHeartbeatAt).toBeNull();
    expect(h.content).toBeNull();
    socket.close();
  });

  it('takes a screenshot when a console asks: pushed to that display only, stored, announced, served', async () => {
    const display = w.entities.displayA;
    const screen = await connectDisplay(display.id);
    const other = await connectDisplay(w.entities.displayB.id);
    const otherCommands: unknown[] = [];
    other.on('display.command', (e) => otherCommands.push(e));
    const console_ = await stack.connect(w.users.owner.token);
    const asked = nextEvent<{ data: { command: string } }>(screen, 'display.command');
    const announced = nextEvent<{ entityId: number; data: { displayId: number } }>(
      console_,
      'display.health',
    );

    const res = await stack.request('POST', `/api/entities/${display.id}/health/screenshot`, {
      token: w.users.owner.token,
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ online: true });
    expect((await health(display.id)).screenshotRequestedAt).toBe(res.body.requestedAt);
    expect((await asked).data.command).toBe('screenshot');

    const image = await webpSample(480, 270);
    const ack = await screen.timeout(5000).emitWithAck('display.screenshot', image);
    expect(ack).toEqual({ ok: true });
    expect((await announced).data.displayId).toBe(display.id);
    const h = await health(display.id);
    expect(h.screenshot).toMatchObject({ width: 480, height: 270 });
    expect(h.screenshot?.dataUrl).toBe(`data:image/webp;base64,${image.toString('base64')}`);
    expect(h.screenshotRequestedAt).toBeNull();
    await sleep(200);
    expect(otherCommands).toEqual([]);
    for (const s of [screen, other, console_]) s.close();
  });

  it('refuses screenshots that are not a JPEG or WebP, or too large', async () => {
    const display = await createEntity(stack.deps, {
      name: 'Health C',
      type: 'display',
      parentId: w.entities.groupA.id,
    });
    const screen = await connectDisplay(display.id);
    const send = (bytes: Buffer) => screen.timeout(5000).emitWithAck('display.screenshot', bytes);
    expect(await send(await pngSample(100, 50))).toEqual({ ok: false, reason: 'invalid_file' });
    await sleep(2100);
    // JPEG magic bytes with nothing readable behind them.
    expect(await send(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toEqual({
      ok: false,
      reason: 'invalid_file',
    });
    await sleep(2100);
    const big = Buffer.concat([await jpegWithOrientation(), Buffer.alloc(SCREENSHOT_MAX_BYTES)]);
    expect(await send(big)).toEqual({ ok: false, reason: 'payload_too_large' });
    expect((await health(display.id)).screenshot).toBeNull();
    screen.close();
  });

  it('counts delivery of a note with one display offline, naming it and when it was last seen', async () => {
    const org = await createEntity(stack.deps, {
      name: 'Delivery org',
      type: 'organization',
      parentId: w.entities.root.id,
    });
    await grant(stack.deps, w.users.owner.id, org.id, 'owner');
    const [d1, d2, d3] = await Promise.all(
      ['Oppgang 1', 'Oppgang 2', 'Oppgang 3'].map((name) =>
        createEntity(stack.deps, { name, type: 'display', parentId: org.id }),
      ),
    );
    const note = await stack.request('POST', `/api/content/${org.id}/note`, {
      token: w.users.owner.token,
      body: { text: '<p>Vannet stenges</p>', date: new Date().toISOString(), approved: true },
    });
    expect(note.status).toBe(201);
    const noteId = note.body.id as number;

    // Oppgang 3 was on line an hour ago and is gone now.
    const seen = new Date(Date.now() - 60 * MINUTE);
    stack.setNow(seen);
    const gone = await connectDisplay(d3.id);
    heartbeat(gone);
    await until(
      () => health(d3.id),
      (h) => h.lastHeartbeatAt !== null,
    );
    gone.close();
    stack.setNow(null);

    const sockets = [await connectDisplay(d1.id), await connectDisplay(d2.id)];
    for (const s of sockets)
      s.emit('display.rendered', { contentVersion: '"x"', notes: [noteId], slides: [] });
    // Another organization's screen claiming the note is not counted.
    const foreign = await connectDisplay(w.entities.displayB.id);
    foreign.emit('display.rendered', { contentVersion: '"y"', notes: [noteId], slides: [] });

    const read = () =>
      stack
        .request('GET', `/api/content/${org.id}/note/${noteId}/delivery`, { token: w.users.owner.token })
        .then(
          (r) =>
            r.body as { shown: number; total: number; missing: number; displays: Record<string, unknown>[] },
        );
    const delivery = await until(read, (d) => d.shown === 2);
    expect(delivery.shown).toBe(2);
    expect(delivery.total).toBe(3);
    expect(delivery.missing).toBe(1);
    expect(delivery.displays[0]).toEqual({
      id: d3.id,
      name: 'Oppgang 3',
      shownAt: null,
      online: false,
      lastSeenAt: seen.toISOString(),
      // A current, unscheduled note is due on every screen below: the offline one is missing.
      due: true,
    });
    expect(delivery.displays.slice(1).map((d) => d.id)).toEqual([d1.id, d2.id]);
    expect(delivery.displays.slice(1).every((d) => typeof d.shownAt === 'string' && d.online)).toBe(true);

    // The first time counts: showing it again changes nothing.
    const firstShown = delivery.displays[1].shownAt;
    await sleep(1100);
    sockets[0].emit('display.rendered', { contentVersion: '"z"', notes: [noteId], slides: [] });
    await sleep(300);
    expect((await read()).displays[1].shownAt).toBe(firstShown);
    for (const s of [...sockets, foreign]) s.close();
  });

  it('counts delivery of a banner slide the same way', async () => {
    const slide = await stack.request('POST', `/api/content/${w.entities.orgA.id}/banner`, {
      token: w.users.owner.token,
      body: {
        type: 'banner-template',
        start: new Date().toISOString(),
        templateId: 'info',
        templateText: 'Hei',
      },
    });
    expect([200, 201]).toContain(slide.status);
    const contentId = slide.body.id as number;
    const screen = await connectDisplay(w.entities.displayA.id);
    screen.emit('display.rendered', { contentVersion: '"b"', notes: [], slides: [contentId] });
    const read = () =>
      stack
        .request('GET', `/api/content/${w.entities.orgA.id}/banner/${contentId}/delivery`, {
          token: w.users.owner.token,
        })
        .then((r) => r.body as { shown: number; total: number });
    const delivery = await until(read, (d) => d.shown === 1);
    expect(delivery.shown).toBe(1);
    expect(delivery.total).toBeGreaterThanOrEqual(2);
    screen.close();
  });
});
