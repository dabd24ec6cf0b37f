/**
 * The broadcast path of the gateway, made lighter per recipient.
 *
 * Socket.IO's adapter already encodes a broadcast once (packet → string → one WebSocket frame,
 * `wsPreEncodedFrame`); what it still did per recipient is what the profile showed: a `Set` of
 * every recipient (even for one room), and for each one engine.io made a packet object, emitted
 * `packetCreate`, `flush` twice and `drain` twice, took the transport out of `writable` and
 * scheduled a write callback to put it back, and `ws` corked, wrote the frame's two buffers and
 * uncorked (a `writev`). Here a broadcast to a socket whose connection is a plain open WebSocket
 * with nothing waiting in engine.io's write buffer is one `write` of the frame (header and payload
 * in one buffer, built once per broadcast) on its TCP socket.
 *
 * What is left is the kernel: one write syscall per screen per message (on loopback it also runs
 * the receiver's side). So messages to one socket that follow each other within `COALESCE_MS`
 * are written together: the first two go out at once (an isolated change is not delayed, nor one
 * that makes two messages), a further one to a socket written twice while the writes go on (the
 * last of them less than a window ago) is held, and the held frames go out in one write per
 * socket once a window passes with nothing more held, and at most `MAX_HOLD_MS` after the first
 * of them. The window slides because a burst's messages reach the gateway one job at a time,
 * each after the previous job's round trip to Redis: at 10,000 screens holding a message for all
 * of them takes 10–17 ms, so the next one came just after a fixed window closed, and each flush
 * carried one message (measured: 1.2–1.6 frames per write); while they keep coming they now share
 * the flush.
 *
 * Order (the rule every path here keeps: a socket gets its messages in the order they were sent):
 * - engine.io hands everything it sends to `ws` synchronously, and `ws` (per-message deflate off)
 *   writes it to the TCP socket synchronously, in call order. With engine.io's write buffer empty,
 *   everything sent to the socket before is on the TCP socket already: a direct write lands after.
 * - While a socket is held, its engine.io transport is marked not writable, so whatever engine.io
 *   is given for it (a ping, a `sync`, a disconnect) waits in engine.io's buffer; a broadcast that
 *   comes after that goes the ordinary way, behind it. At the flush the held frames are written
 *   first, then the transport is writable again and engine.io flushes its buffer.
 * - Any other adapter operation on a socket (disconnect, join, fetch) first writes its held
 *   frames, so a screen cut off right after an event still gets the event.
 * - Long-polling, upgrading, closing sockets and sockets with outgoing listeners go the ordinary way.
 *
 * Who gets a broadcast is not changed: the recipients are the adapter's own room members
 * (`this.rooms`, the same `except` rule); only how the frame reaches each one is.
 *
 * Every read or write of a Socket.IO / engine.io / `ws` private field is in `engine-io-adapter.ts`
 * (pinned versions, and a test that fails when an upgrade changes what it relies on).
 */

import {
  adapterInternals,
  broadcastFrame,
  directTarget,
  holdTransport,
  idleSinceHeld,
  openTcp,
  type RecipientSocket,
  releaseTransport,
  transportWritable,
} from './engine-io-adapter';

/** Messages to one socket closer together than this are written together (a burst's). */
export const COALESCE_MS = 20;

/** Held frames wait for a quiet window, but never longer than this after the first was held. */
export const MAX_HOLD_MS = 100;

/**
 * The direct writes of one adapter, with the coalescing window. A socket written twice while the
 * writes go on (each less than a window after the last write) is in a burst: a further message to
 * it is held, and the held frames go out together once `windowMs` passes with nothing more held,
 * or `maxHoldMs` after the first of them was held. Once a whole window passes without a write,
 * every socket is forgotten (nothing is kept per socket between bursts).
 *
 * Twice, not once: one event often makes two messages to a screen close together (an alert raised
 * and cleared, a change right after a room sync), and holding the second of those delayed a single
 * change by a window (the 1,000-screen p99 was set by such writes); a burst's third message on is
 * held, which keeps the burst's shared writes.
 */
export class FrameWriter {
  /** Sockets written once lately, and those written again since: a further message to these is held. */
  private readonly recent = new Set<RecipientSocket>();
  private readonly inBurst = new Set<RecipientSocket>();
  /** Held sockets and their frames, in order; their transports are marked not writable. */
  private held = new Map<RecipientSocket, Buffer[]>();
  private flushTimer: NodeJS.Timeout | null = null;
  /** When the first of the held frames was held, and the last (`Date.now()`). */
  private heldSince = 0;
  private lastHeldAt = 0;
  private quietTimer: NodeJS.Timeout | null = null;
  private wroteSinceCheck = false;
  /** When the last direct write was made (`Date.now()`). */
  private lastWriteAt = 0;

  constructor(
    private readonly windowMs = COALESCE_MS,
    private readonly maxHoldMs = Math.max(windowMs, MAX_HOLD_MS),
  ) {}

  /**
   * Whether a further message to this socket is held. Only while the writes go on: once a whole
   * window has passed since the last one, no socket is in a burst any more, also when the timer
   * that forgets them has not run yet (a long fan-out loop blocks timers; a change that comes a
   * window after it was held by up to one more window before).
   */
  private isInBurst(socket: RecipientSocket): boolean {
    if (this.recent.size === 0) return false;
    if (Date.now() - this.lastWriteAt >= this.windowMs) {
      this.forget();
      return false;
    }
    return this.inBurst.has(socket);
  }

  private forget(): void {
    this.recent.clear();
    this.inBurst.clear();
  }

  /** Sends a pre-encoded frame to a socket, now or at the flush; false: it must go the ordinary way. */
  send(socket: RecipientSocket, frame: Buffer): boolean {
    const held = this.held.get(socket);
    if (held) {
      // engine.io was given something for it meanwhile: behind that, the ordinary way.
      if (!idleSinceHeld(socket)) return false;
      held.push(frame);
      this.lastHeldAt = Date.now();
      return true;
    }
    const tcp = directTarget(socket);
    if (!tcp) return false;
    if (this.windowMs <= 0) {
      tcp.write(frame);
      return true;
    }
    // Held only when engine.io has no send in flight (its own write callback would make the
    // transport writable again under us); otherwise written now, which keeps order as well.
    if (transportWritable(socket) && this.isInBurst(socket)) {
      this.held.set(socket, [frame]);
      holdTransport(socket);
      this.lastHeldAt = Date.now();
      if (!this.flushTimer) {
        this.heldSince = this.lastHeldAt;
        this.flushTimer = unrefTimer(() => this.flushWhenQuiet(), this.windowMs);
      }
    } else {
      // A write error surfaces as the TCP socket's `error`, which `ws` handles (it closes the socket).
      tcp.write(frame);
      this.wrote(socket);
    }
    return true;
  }

  /** Writes a held socket's frames now and hands its transport back to engine.io. */
  release(socket: RecipientSocket): void {
    const frames = this.held.get(socket);
    if (!frames) return;
    this.held.delete(socket);
    this.writeHeld(socket, frames);
  }

  /**
   * The flush timer: flushes once a window has passed since the last frame was held, or the first
   * was held `maxHoldMs` ago; otherwise looks again when one of the two comes.
   */
  private flushWhenQuiet(): void {
    const now = Date.now();
    const quietFor = now - this.lastHeldAt;
    const heldFor = now - this.heldSince;
    if (quietFor >= this.windowMs || heldFor >= this.maxHoldMs) {
      this.flush();
      return;
    }
    this.flushTimer = unrefTimer(
      () => this.flushWhenQuiet(),
      Math.min(this.windowMs - quietFor, this.maxHoldMs - heldFor),
    );
  }

  /** Every held socket's frames, in one write each. */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const held = this.held;
    this.held = new Map();
    // The members of a room were held one after another with the same frames: one buffer for all.
    let last: { frames: Buffer[]; joined: Buffer } | null = null;
    for (const [socket, frames] of held) {
      if (!last || !sameFrames(last.frames, frames)) last = { frames, joined: joinFrames(frames) };
      this.writeHeld(socket, frames, last.joined);
    }
  }

  private writeHeld(socket: RecipientSocket, frames: Buffer[], joined = joinFrames(frames)): void {
    // A socket that closed meanwhile has nobody to read them (a client that comes back recovers
    // the missed broadcasts from the adapter).
    const tcp = openTcp(socket);
    if (tcp) {
      tcp.write(joined);
      // A socket that had frames held is in a burst: its next message is held as well.
      this.wrote(socket, true);
    }
    // engine.io flushes what it was given meanwhile, after the frames.
    releaseTransport(socket);
  }

  /** A socket was written: once is recent, twice (or after a hold, `inBurst`) is a burst. */
  private wrote(socket: RecipientSocket, inBurst = false): void {
    if (inBurst || this.recent.has(socket)) this.inBurst.add(socket);
    this.recent.add(socket);
    this.lastWriteAt = Date.now();
    this.wroteSinceCheck = true;
    this.quietTimer ??= unrefTimer(() => this.checkQuiet(), this.windowMs);
  }

  /** After a window without writes every socket is forgotten; else look again after the next. */
  private checkQuiet(): void {
    this.quietTimer = null;
    if (this.wroteSinceCheck) {
      this.wroteSinceCheck = false;
      this.quietTimer = unrefTimer(() => this.checkQuiet(), this.windowMs);
    } else this.forget();
  }
}

const joinFrames = (frames: Buffer[]) => (frames.length === 1 ? frames[0] : Buffer.concat(frames));

/** The same frames in the same order (the buffers themselves: each broadcast's frame is one buffer). */
function sameFrames(a: Buffer[], b: Buffer[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function unrefTimer(fn: () => void, ms: number): NodeJS.Timeout {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return timer;
}

/**
 * Gives an adapter (one per namespace) the direct fan-out. The in-memory adapter's `broadcast`,
 * which every adapter runs for its local sockets (also the cluster adapters, for a broadcast from
 * this node or from another), calls `_encode` and then, synchronously, `apply` with a callback
 * that writes to one socket: `_encode` keeps the frame it made, `apply` uses it. `broadcastWithAck`
 * (a packet with an id) and volatile packets are left as they are. Every other `apply` (disconnect,
 * join, leave, fetch) releases each socket's held frames before it touches the socket.
 */
export function withDirectFanout<A extends object>(adapter: A, writer = new FrameWriter()): A {
  const internals = adapterInternals(adapter);
  const { encode, apply, rooms, sockets } = internals;
  /** The frame of the broadcast being fanned out: set by `_encode`, taken by the `apply` right after. */
  let pending: Buffer | null = null;

  internals.replace(
    (packet, packetOpts) => {
      const encoded = encode(packet, packetOpts);
      pending = broadcastFrame(packet, packetOpts);
      return encoded;
    },
    (opts, callback) => {
      const frame = pending;
      pending = null;
      if (!frame)
        return apply(opts, (socket) => {
          writer.release(socket);
          callback(socket);
        });
      // One room and no exceptions (every push the gateway makes to screens): its members as they
      // are, no `Set` of recipients to build.
      if (opts.rooms.size === 1 && !opts.except?.size) {
        const [room] = opts.rooms;
        const members = rooms.get(room);
        if (!members) return;
        for (const id of members) {
          const socket = sockets.get(id);
          if (socket && !writer.send(socket, frame)) callback(socket);
        }
        return;
      }
      apply(opts, (socket) => {
        if (!writer.send(socket, frame)) callback(socket);
      });
    },
  );
  return adapter;
}

/**
 * An adapter factory whose adapters have the direct fan-out. Socket.IO calls the factory with
 * `new`, so this is a plain function (it returns the adapter object, which `new` then yields).
 */
export function directFanout<F extends (nsp: never) => object>(factory: F, windowMs = COALESCE_MS): F {
  return function (this: unknown, nsp: never) {
    return withDirectFanout(factory(nsp), new FrameWriter(windowMs));
  } as F;
}
