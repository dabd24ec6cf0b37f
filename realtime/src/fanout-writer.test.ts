import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameWriter } from './fanout';

/** A Socket.IO socket on an open WebSocket, down to the TCP socket's writes. */
function fakeSocket() {
  const writes: string[] = [];
  const transport = Object.assign(new EventEmitter(), {
    name: 'websocket',
    writable: true,
    socket: { readyState: 1, _socket: { write: (chunk: Buffer) => writes.push(chunk.toString()) > 0 } },
  });
  const conn = { readyState: 'open', upgrading: false, writeBuffer: [] as unknown[], transport };
  return { socket: { client: { conn } }, conn, transport, writes };
}

const frame = (text: string) => Buffer.from(text);

/** The coalescing window of the direct fan-out (`FrameWriter`), on fake sockets and timers. */
describe('FrameWriter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes an isolated message and the one right after it at once, and holds the burst after them', () => {
    const writer = new FrameWriter(10);
    const s = fakeSocket();
    expect(writer.send(s.socket, frame('a'))).toBe(true);
    expect(s.writes).toEqual(['a']);
    // A second message (one event's second, e.g. an alert raised and cleared) is not delayed.
    writer.send(s.socket, frame('b'));
    expect(s.writes).toEqual(['a', 'b']);
    writer.send(s.socket, frame('c'));
    writer.send(s.socket, frame('d'));
    // Held, in one write at the flush; the transport is engine.io's again after it.
    expect(s.writes).toEqual(['a', 'b']);
    expect(s.transport.writable).toBe(false);
    vi.advanceTimersByTime(10);
    expect(s.writes).toEqual(['a', 'b', 'cd']);
    expect(s.transport.writable).toBe(true);
    // Still in the burst after the flush, so the next message in the following window is held again…
    writer.send(s.socket, frame('e'));
    expect(s.writes).toEqual(['a', 'b', 'cd']);
    vi.advanceTimersByTime(10);
    expect(s.writes).toEqual(['a', 'b', 'cd', 'e']);
    // …and once a whole window passed without a write, one goes out at once.
    vi.advanceTimersByTime(20);
    writer.send(s.socket, frame('f'));
    expect(s.writes).toEqual(['a', 'b', 'cd', 'e', 'f']);
  });

  it('counts the window from the last write, so a burst slower than the window still coalesces', () => {
    const writer = new FrameWriter(10);
    const s = fakeSocket();
    writer.send(s.socket, frame('a'));
    writer.send(s.socket, frame('a'));
    // Another socket written at 9 (as in a long fan-out loop): the window is not quiet at 10.
    vi.advanceTimersByTime(9);
    writer.send(fakeSocket().socket, frame('x'));
    vi.advanceTimersByTime(6);
    writer.send(s.socket, frame('b'));
    expect(s.writes).toEqual(['a', 'a']);
    vi.advanceTimersByTime(10);
    expect(s.writes).toEqual(['a', 'a', 'b']);
  });

  it('keeps holding while further messages come within a window, up to the longest hold', () => {
    const writer = new FrameWriter(10, 30);
    const s = fakeSocket();
    writer.send(s.socket, frame('a'));
    writer.send(s.socket, frame('a'));
    // A burst arriving one message every 8 ms: each within a window of the one before.
    for (const [i, text] of ['b', 'c', 'd'].entries()) {
      vi.advanceTimersByTime(i === 0 ? 1 : 8);
      writer.send(s.socket, frame(text));
    }
    // 17 ms after 'b' was held: not flushed, since 'd' was held 1 ms ago.
    vi.advanceTimersByTime(1);
    expect(s.writes).toEqual(['a', 'a']);
    vi.advanceTimersByTime(9);
    expect(s.writes).toEqual(['a', 'a', 'bcd']);
    // A burst that never pauses goes out when its first held message has waited the longest hold.
    for (let t = 0; t < 29; t += 5) {
      writer.send(s.socket, frame('e'));
      vi.advanceTimersByTime(5);
    }
    expect(s.writes.length).toBe(4);
    expect(s.writes[3]).toBe('eeeeee');
  });

  it('writes at once when a window has passed since the last write, even before the timers ran', () => {
    const writer = new FrameWriter(10);
    const s = fakeSocket();
    writer.send(s.socket, frame('a'));
    writer.send(s.socket, frame('b'));
    // The clock moves on without the timers running (a long fan-out loop blocked the event loop).
    vi.setSystemTime(Date.now() + 10);
    writer.send(s.socket, frame('c'));
    expect(s.writes).toEqual(['a', 'b', 'c']);
    expect(s.transport.writable).toBe(true);
  });

  it('writes each held socket its own frames when sockets of different rooms are held together', () => {
    const writer = new FrameWriter(10);
    const [a, b, c] = [fakeSocket(), fakeSocket(), fakeSocket()];
    const [one, two, three] = [frame('1'), frame('2'), frame('3')];
    for (const s of [a, b, c]) for (let i = 0; i < 2; i++) writer.send(s.socket, frame('0'));
    // Room of a and b, then room of b and c, then room of a: three different held sequences.
    for (const s of [a, b]) writer.send(s.socket, one);
    for (const s of [b, c]) writer.send(s.socket, two);
    writer.send(a.socket, three);
    vi.advanceTimersByTime(10);
    expect([a.writes, b.writes, c.writes]).toEqual([
      ['0', '0', '13'],
      ['0', '0', '12'],
      ['0', '0', '2'],
    ]);
  });

  it('hands engine.io its buffer after the held frames, and sends behind what is in it the ordinary way', () => {
    const writer = new FrameWriter(10);
    const s = fakeSocket();
    const flushed: string[][] = [];
    s.transport.on('ready', () => {
      flushed.push(s.writes.slice());
      s.conn.writeBuffer = [];
    });
    writer.send(s.socket, frame('a'));
    writer.send(s.socket, frame('a'));
    writer.send(s.socket, frame('b'));
    s.conn.writeBuffer.push('ping');
    expect(writer.send(s.socket, frame('c'))).toBe(false);
    vi.advanceTimersByTime(10);
    // When engine.io flushes its buffer (`ready`), the held frame is on the socket already.
    expect(flushed).toEqual([['a', 'a', 'b']]);
  });

  it('does not write directly to a socket with engine.io output waiting, or not on an open WebSocket', () => {
    const writer = new FrameWriter(10);
    const busy = fakeSocket();
    busy.conn.writeBuffer.push('waiting');
    const polling = fakeSocket();
    polling.transport.name = 'polling';
    const closing = fakeSocket();
    closing.transport.socket.readyState = 2;
    for (const s of [busy, polling, closing]) {
      expect(writer.send(s.socket, frame('x'))).toBe(false);
      expect(s.writes).toEqual([]);
    }
  });

  it('releases a held socket on demand (before it is disconnected), and forgets a closed one', () => {
    const writer = new FrameWriter(10);
    const s = fakeSocket();
    writer.send(s.socket, frame('a'));
    writer.send(s.socket, frame('a'));
    writer.send(s.socket, frame('b'));
    expect(s.transport.writable).toBe(false);
    writer.release(s.socket);
    expect(s.writes).toEqual(['a', 'a', 'b']);
    expect(s.transport.writable).toBe(true);
    const closed = fakeSocket();
    writer.send(closed.socket, frame('a'));
    writer.send(closed.socket, frame('a'));
    writer.send(closed.socket, frame('b'));
    closed.conn.readyState = 'closed';
    vi.advanceTimersByTime(10);
    expect(closed.writes).toEqual(['a', 'a']);
  });
});
