import { encodeDisplayId } from '@oppslag/api/core';
import { createWorld, type World } from '@oppslag/api/testing';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, call, metricValue, type Proc, waitFor } from './support/cluster';

/**
 * A display client behind a load balancer: it knows every gateway URL and, when its connection
 * drops, reconnects to the next one, as the balancer would send it to a surviving node.
 */
class FailoverDisplay {
  socket!: Socket;
  readonly notes: { id: number; text: string }[] = [];
  connectedAt = 0;
  private index: number;
  constructor(
    private readonly urls: string[],
    private readonly token: string,
    first: number,
  ) {
    this.index = first;
    this.open();
  }
  get url(): string {
    return this.urls[this.index];
  }
  private open(): void {
    const socket = connectClient(this.url, {
      auth: { token: this.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    this.socket = socket;
    socket.on('connect', () => (this.connectedAt = Date.now()));
    socket.on('note.created', (event: { data: { note: { id: number; text: string } } }) =>
      this.notes.push(event.data.note),
    );
    const next = () => {
      if (this.socket !== socket) return;
      socket.removeAllListeners();
      socket.close();
      this.index = (this.index + 1) % this.urls.length;
      this.open();
    };
    socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') next();
    });
    socket.on('connect_error', () => setTimeout(next, 100));
  }
  close(): void {
    this.socket.close();
  }
}

describe('scale-out: api, worker and two realtime gateways as separate processes', () => {
  let cluster: Cluster;
  let w: World;
  let api: Proc;
  let gateways: Proc[];
  let displayToken: string;
  const displays: FailoverDisplay[] = [];

  beforeAll(async () => {
    cluster = await Cluster.start();
    w = await createWorld(cluster.deps);
    // Sequential starts: the machine may have two cores shared with other test runs.
    api = await cluster.spawn('api');
    await cluster.spawn('worker');
    gateways = [await cluster.spawn('realtime'), await cluster.spawn('realtime')];
    const registered = await call(api.url, 'POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(w.entities.displayA.id), apiKey: 'key-a' },
    });
    expect(registered.status).toBe(200);
    displayToken = registered.body.token;
  });
  afterAll(async () => {
    for (const d of displays) d.close();
    await cluster?.close();
  });

  const writeNote = async (text: string) => {
    const res = await call(api.url, 'POST', `/api/content/${w.entities.orgA.id}/note`, {
      token: w.users.owner.token,
      body: { text: `<p>${text}</p>`, date: new Date().toISOString(), approved: true },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  it('every process serves /healthz, /readyz and /metrics on its own port', async () => {
    for (const proc of cluster.procs) {
      expect((await call(proc.url, 'GET', '/healthz')).status, proc.role).toBe(200);
      const ready = await call(proc.url, 'GET', '/readyz');
      expect(ready, proc.role).toEqual({
        status: 200,
        body: { status: 'ready', checks: { database: true, redis: true } },
      });
      const metrics = await call<string>(proc.url, 'GET', '/metrics');
      expect(metrics.status, proc.role).toBe(200);
      expect(metrics.body, proc.role).toContain('oppslag_event_fanout_seconds');
      expect(metrics.body, proc.role).toContain('process_cpu_seconds_total');
    }
    expect([...cluster.procs].map((p) => p.role).sort()).toEqual(['api', 'realtime', 'realtime', 'worker']);
  });

  it('a display on the second gateway receives a note whose event the first gateway consumed', async () => {
    const urls = gateways.map((g) => g.url);
    const display = new FailoverDisplay(urls, displayToken, 1);
    displays.push(display);
    await waitFor('display on gateway 2', () => display.socket.connected);
    // Both gateways consume the events queue; write notes until one is consumed by the first
    // (its fan-out count moves, the second's does not), each one seen by the display on the second.
    const FANOUT = 'oppslag_event_fanout_seconds_count';
    let provenBy: number | null = null;
    for (let i = 0; i < 20 && provenBy === null; i++) {
      const before = await Promise.all(urls.map((u) => metricValue(u, FANOUT)));
      const id = await writeNote(`scale ${i}`);
      await waitFor(`note ${id} on the display`, () => display.notes.some((n) => n.id === id), 15_000);
      const after = await Promise.all(urls.map((u) => metricValue(u, FANOUT)));
      if (after[0] > before[0] && after[1] === before[1]) provenBy = id;
    }
    expect(provenBy).not.toBeNull();
    expect(display.url).toBe(urls[1]);
  });

  it('SIGKILL of a gateway moves its displays to the other, and they resync', async () => {
    const [survivor, victim] = gateways;
    const display = displays[0];
    expect(display.url).toBe(victim.url);
    const previousConnect = display.connectedAt;
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    // Written while the display is between gateways: it cannot arrive as a push.
    const missed = await writeNote('written during failover');
    await waitFor(
      'display reconnected to the survivor',
      () => display.socket.connected && display.url === survivor.url,
      30_000,
    );
    // The time the move took is a figure, printed for the record; asserting it would test the machine.
    expect(display.connectedAt).toBeGreaterThan(previousConnect);
    process.stdout.write(
      `[scale-out] display moved to the surviving gateway in ${display.connectedAt - killedAt} ms\n`,
    );

    // Resync: what a player does after a reconnect, and live pushes flow again through the survivor.
    const content = await call(api.url, 'GET', '/api/display/content', { token: displayToken });
    expect(content.status).toBe(200);
    expect(content.body.notes.map((n: { id: number }) => n.id)).toContain(missed);
    const after = await writeNote('after failover');
    await waitFor(
      'push through the surviving gateway',
      () => display.notes.some((n) => n.id === after),
      15_000,
    );
    expect(await victim.exited).toBeNull();
  });

  it('SIGTERM of a gateway closes its sockets so displays move to a replacement, and it exits 0', async () => {
    const [draining, killed] = gateways;
    const display = displays[0];
    expect(display.url).toBe(draining.url);
    // A replacement node comes up where the killed one was (same address behind the balancer).
    const replacement = await cluster.spawn('realtime', killed.port);
    const previousConnect = display.connectedAt;
    const stoppedAt = Date.now();
    const exitCode = cluster.stop(draining);
    await waitFor(
      'display moved to the replacement',
      () =>
        display.socket.connected && display.url === replacement.url && display.connectedAt > previousConnect,
      5_000,
    );
    process.stdout.write(
      `[scale-out] SIGTERM: display on the replacement after ${display.connectedAt - stoppedAt} ms\n`,
    );
    expect(await exitCode).toBe(0);
    const id = await writeNote('after a graceful stop');
    await waitFor('push through the replacement', () => display.notes.some((n) => n.id === id), 15_000);
  });
});
