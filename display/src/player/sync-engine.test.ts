// @vitest-environment jsdom
import { parseDisplayEvent } from '@oppslag/common/realtime/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentAnswer, Manifest } from '../api/types';
import type { RealtimeConnection, RealtimeHandlers } from '../realtime/socket';
import { NOW, wireContent, wireManifest, wireNote } from '../test-utils';
import { createSyncEngine, type PlayerState } from './sync-engine';

/** A fake display API speaking ETag / If-None-Match, switchable off like a dead server. */
function fakeApi() {
  // Loosely typed on purpose: some tests serve answers the contract refuses.
  const manifest: Manifest | Record<string, unknown> = wireManifest();
  const content: ContentAnswer | Record<string, unknown> = wireContent();
  const api = {
    up: true,
    status: 200,
    manifest,
    content,
    version: 1,
    renewed: 0,
    requests: [] as { path: string; ifNoneMatch: string | null }[],
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const path = url.replace('/api', '');
    api.requests.push({ path, ifNoneMatch: headers['if-none-match'] ?? null });
    if (!api.up) throw new TypeError('Failed to fetch');
    if (api.status !== 200) return new Response('{}', { status: api.status });
    if (path === '/display/token') {
      api.renewed++;
      const expiresAt = new Date(Date.now() + 365 * 24 * 3600_000).toISOString();
      return new Response(JSON.stringify({ token: `renewed-${api.renewed}`, expiresAt }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    const etag = `"${path}-${api.version}"`;
    if (headers['if-none-match'] === etag) return new Response(null, { status: 304, headers: { etag } });
    const body = path === '/display/manifest' ? api.manifest : api.content;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { etag, 'content-type': 'application/json' },
    });
  });
  return { api, fetchMock };
}

/** A note as the gateway pushes it to a display: the display catalogue's shape is the content answer's. */
const pushedNote = wireNote;

function setup() {
  const { api, fetchMock } = fakeApi();
  vi.stubGlobal('fetch', fetchMock);
  let handlers!: RealtimeHandlers;
  const connection: RealtimeConnection = { close: vi.fn(), retry: vi.fn() };
  const states: PlayerState[] = [];
  const onRevoked = vi.fn();
  const reload = vi.fn();
  const engine = createSyncEngine({
    session: { displayId: 'abcdefghij', token: 'tok' },
    onState: (s) => states.push(s),
    onRevoked,
    reload,
    connect: (_token, h) => {
      handlers = h;
      return connection;
    },
  });
  const last = () => states[states.length - 1];
  /** Pushes through the display catalogue's parser, as the socket does. */
  const push = (type: string, seq: number, data: unknown) => {
    const event = parseDisplayEvent(type, { id: `e${seq}`, seq, entityId: 7, data });
    if (!event) throw new Error(`not a display event: ${type}`);
    handlers.onEvent(event);
  };
  return { api, engine, last, push, onRevoked, reload, connection, handlers: () => handlers };
}

describe('sync engine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads manifest and content, then applies a pushed note at once and revalidates with the ETag', async () => {
    const t = setup();
    t.api.content = wireContent({ notes: [wireNote(1)] });
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.last().manifest?.displayId).toBe('abcdefghij');
    expect(t.last().content.notes.map((n) => n.id)).toEqual([1]);

    t.handlers().onConnect(false);
    await vi.advanceTimersByTimeAsync(0);
    t.api.content = wireContent({ notes: [wireNote(1), wireNote(2)] });
    t.api.version = 2;
    t.push('note.created', 1, { note: pushedNote(2) });
    expect(t.last().content.notes.map((n) => n.id)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(200);
    const lastContent = t.api.requests.filter((r) => r.path === '/display/content').at(-1);
    expect(lastContent?.ifNoneMatch).toBe('"/display/content-1"');
    expect(t.last().content.notes.map((n) => n.id)).toEqual([1, 2]);
    t.engine.stop();
  });

  it('keeps showing the cached board while the API is away, and resyncs when it returns', async () => {
    const first = setup();
    first.api.content = wireContent({ notes: [wireNote(1)] });
    first.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    first.engine.stop();

    // A restart with the servers gone: the cache fills the screen.
    const second = setup();
    second.api.up = false;
    second.engine.start();
    expect(second.last().content.notes.map((n) => n.id)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(second.last().content.notes.map((n) => n.id)).toEqual([1]);

    // Backoff: 1 s, 2 s, 4 s … so only a handful of attempts in 10 s.
    expect(second.api.requests.length).toBeLessThanOrEqual(5);

    second.api.up = true;
    second.api.content = wireContent({ notes: [wireNote(1), wireNote(3, 'written while away')] });
    second.api.version = 5;
    second.handlers().onConnect(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.last().content.notes.map((n) => n.text)).toEqual(['note 1', 'written while away']);
    second.engine.stop();
  });

  it('refetches everything on a sequence gap and ignores a repeated event', async () => {
    const t = setup();
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    t.push('content.updated', 4, { id: 1, slot: 'banner' });
    await vi.advanceTimersByTimeAsync(200);
    const before = t.api.requests.length;
    t.push('content.updated', 4, { id: 1, slot: 'banner' });
    await vi.advanceTimersByTimeAsync(200);
    expect(t.api.requests.length).toBe(before);
    t.handlers().onWithheld({ id: 'e7', seq: 7, entityId: 7 });
    await vi.advanceTimersByTimeAsync(200);
    expect(t.api.requests.slice(before).map((r) => r.path)).toEqual([
      '/display/manifest',
      '/display/content',
    ]);
    t.engine.stop();
  });

  it('counts withheld events without fetching, and refetches when the gateway’s sync is ahead', async () => {
    const t = setup();
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    t.handlers().onConnect(false);
    await vi.advanceTimersByTimeAsync(0);
    // The handshake baseline, then an event the screen may not see: nothing to fetch.
    t.handlers().onSync({ entityId: 7, seq: 3 });
    t.handlers().onWithheld({ id: 'e4', seq: 4, entityId: 7 });
    t.handlers().onSync({ entityId: 7, seq: 4 });
    await vi.advanceTimersByTimeAsync(200);
    const before = t.api.requests.length;
    // Events 5 and 6 never arrived (Redis lost them): the next sync reveals it.
    t.handlers().onSync({ entityId: 7, seq: 6 });
    await vi.advanceTimersByTimeAsync(200);
    expect(t.api.requests.slice(before).map((r) => r.path)).toEqual([
      '/display/manifest',
      '/display/content',
    ]);
    // Their late arrival is a repeat: the snapshot already has them.
    t.push('content.updated', 6, { id: 1, slot: 'banner' });
    await vi.advanceTimersByTimeAsync(200);
    expect(t.api.requests.length).toBe(before + 2);
    t.engine.stop();
  });

  it('refetches after an unrecovered reconnect but not after a recovered one', async () => {
    const t = setup();
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    const before = t.api.requests.length;
    t.handlers().onConnect(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.api.requests.length).toBe(before);
    t.handlers().onDisconnect();
    expect(t.last().online).toBe(false);
    t.handlers().onConnect(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.last().online).toBe(true);
    expect(t.api.requests.length).toBe(before + 2);
    t.engine.stop();
  });

  it('goes back to registration when the API answers 401', async () => {
    const t = setup();
    t.api.status = 401;
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.onRevoked).toHaveBeenCalledTimes(1);
    expect(t.connection.close).toHaveBeenCalled();
  });

  it('checks the key when the gateway refuses the socket', async () => {
    const t = setup();
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    t.handlers().onRejected();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.onRevoked).not.toHaveBeenCalled();
    expect(t.connection.retry).toHaveBeenCalled();
    t.api.status = 401;
    t.handlers().onRejected();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.onRevoked).toHaveBeenCalledTimes(1);
  });

  it('obeys display.command: reload reloads, refresh refetches without ETags', async () => {
    const t = setup();
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    t.push('display.command', 1, { command: 'reload' });
    expect(t.reload).toHaveBeenCalledTimes(1);
    const before = t.api.requests.length;
    t.push('display.command', 2, { command: 'refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.api.requests.slice(before)).toEqual([
      { path: '/display/manifest', ifNoneMatch: null },
      { path: '/display/content', ifNoneMatch: null },
    ]);
    t.engine.stop();
  });

  it('restores the server view when a revalidation answers 304 after a local change', async () => {
    const t = setup();
    t.api.content = wireContent({ notes: [wireNote(1)] });
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    // A note the server does not list for this display (e.g. not for this screen after all).
    t.push('note.created', 1, { note: pushedNote(9) });
    expect(t.last().content.notes.map((n) => n.id)).toEqual([1, 9]);
    await vi.advanceTimersByTimeAsync(200);
    expect(t.last().content.notes.map((n) => n.id)).toEqual([1]);
    t.engine.stop();
  });

  it('does not show an answer the contract refuses; it keeps the board and tries again', async () => {
    const t = setup();
    t.api.content = wireContent({ notes: [wireNote(1)] });
    t.engine.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.last().content.notes.map((n) => n.id)).toEqual([1]);

    // A note without its dates (a server from another version): nothing of it reaches the screen.
    t.api.content = { ...wireContent(), notes: [{ id: 2, text: 'half a note' }] };
    t.api.version = 2;
    t.push('content.updated', 1, { id: 1, slot: 'banner' });
    await vi.advanceTimersByTimeAsync(200);
    expect(t.last().content.notes.map((n) => n.id)).toEqual([1]);

    t.api.content = wireContent({ notes: [wireNote(1), wireNote(3)] });
    t.api.version = 3;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.last().content.notes.map((n) => n.id)).toEqual([1, 3]);
    t.engine.stop();
  });

  it('does not trust an offline cache the contract refuses: no ETag is sent for it', async () => {
    localStorage.setItem(
      'oppslag.display.abcdefghij.content',
      JSON.stringify({ body: { notes: [{ id: 1, date: 'x' }] }, etag: '"/display/content-1"', savedAt: 0 }),
    );
    const t = setup();
    expect(t.last()).toBeUndefined();
    t.engine.start();
    expect(t.last().content.notes).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    const first = t.api.requests.find((r) => r.path === '/display/content');
    expect(first?.ifNoneMatch).toBeNull();
    t.engine.stop();
  });

  describe('token renewal', () => {
    const DAY = 24 * 3600_000;
    /** An unsigned JWT with this expiry: the player only reads `exp`. */
    const jwt = (expMs: number) =>
      `${btoa('{"alg":"none"}')}.${btoa(JSON.stringify({ exp: Math.floor(expMs / 1000) })).replace(/=+$/, '')}.sig`;
    function start(token: string) {
      const { api, fetchMock } = fakeApi();
      vi.stubGlobal('fetch', fetchMock);
      const onRenewed = vi.fn();
      const engine = createSyncEngine({
        session: { displayId: 'abcdefghij', token },
        onState: () => undefined,
        onRevoked: vi.fn(),
        onRenewed,
        connect: () => ({ close: vi.fn(), retry: vi.fn() }),
      });
      engine.start();
      return { api, engine, onRenewed };
    }

    it('swaps a token with less than 30 days left for a fresh one once the server answers', async () => {
      const { api, engine, onRenewed } = start(jwt(NOW + 29 * DAY));
      await vi.advanceTimersByTimeAsync(10);
      expect(api.requests.map((r) => r.path)).toContain('/display/token');
      expect(onRenewed).toHaveBeenCalledWith('renewed-1');
      engine.stop();
    });

    it('leaves a token with months left alone', async () => {
      const { api, engine, onRenewed } = start(jwt(NOW + 200 * DAY));
      await vi.advanceTimersByTimeAsync(10);
      expect(api.requests.map((r) => r.path)).not.toContain('/display/token');
      expect(onRenewed).not.toHaveBeenCalled();
      engine.stop();
    });

    it('renews after a year on the same session when the clock has moved on (fake clock)', async () => {
      const { api, engine, onRenewed } = start(jwt(NOW + 365 * DAY));
      await vi.advanceTimersByTimeAsync(10);
      expect(onRenewed).not.toHaveBeenCalled();
      vi.setSystemTime(NOW + 340 * DAY);
      await engine.sync('all');
      await vi.advanceTimersByTimeAsync(10);
      expect(api.renewed).toBe(1);
      expect(onRenewed).toHaveBeenCalledWith('renewed-1');
      engine.stop();
    });

    it('asks at most once an hour while the token it runs with is still the old one', async () => {
      const { api, engine, onRenewed } = start(jwt(NOW + 5 * DAY));
      api.up = true;
      api.status = 200;
      await vi.advanceTimersByTimeAsync(10);
      expect(api.renewed).toBe(1);
      await engine.sync('all');
      await vi.advanceTimersByTimeAsync(10);
      expect(api.renewed).toBe(1);
      vi.setSystemTime(NOW + 3600_001);
      await engine.sync('all');
      await vi.advanceTimersByTimeAsync(10);
      expect(api.renewed).toBe(2);
      expect(onRenewed).toHaveBeenCalledTimes(2);
      engine.stop();
    });
  });
});
