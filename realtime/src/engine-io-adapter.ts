/**
 * The only place that touches Socket.IO's, engine.io's and `ws`'s private fields (issue 27 item 9).
 *
 * The direct fan-out (`fanout.ts`, docs/performance.md "Broadcast path") writes a broadcast's
 * pre-encoded WebSocket frame straight to each screen's TCP socket, which none of these libraries
 * offers as API. What it relies on is listed here, one accessor each, and nowhere else:
 *
 * - socket.io `Socket`: `client.conn` (the engine.io socket), `_anyOutgoingListeners` (private);
 * - engine.io `Socket`: `readyState`, `upgrading`, `writeBuffer` (internal), `transport`;
 * - engine.io websocket `Transport`: `name`, `writable` (set here to hold engine.io back),
 *   `perMessageDeflate`, the `ready` event (engine.io flushes its buffer on it), `socket` (the `ws`);
 * - `ws` `WebSocket`: `readyState`, `_socket` (private: the `net.Socket`);
 * - socket.io-adapter in-memory `Adapter` (the base of the Redis streams adapter): `_encode` and
 *   `apply` (replaced), `rooms`, `nsp.sockets`, and the `wsPreEncodedFrame` packet option `_encode`
 *   fills in.
 *
 * Their versions are pinned exactly in realtime/package.json to `VERIFIED_VERSIONS`, and
 * `engine-io-adapter.test.ts` fails when the installed versions differ or when any field above is
 * missing, of another type, or no longer gets a frame to a real client. Upgrading one of them is:
 * bump the pin and this list together, run that test (and the fan-out tests), read the libraries'
 * changes to the fields above.
 */

/** The exact versions this module was verified against (pinned in realtime/package.json). */
export const VERIFIED_VERSIONS = {
  'socket.io': '4.8.4',
  'engine.io': '6.6.12',
  'socket.io-adapter': '2.5.8',
  '@socket.io/redis-streams-adapter': '0.3.1',
  ws: '8.21.3',
} as const;

/** A Socket.IO server-side socket, as far as the direct write reads it. */
export interface RecipientSocket {
  client: { conn: EngineSocket };
  _anyOutgoingListeners?: unknown[];
}

interface EngineSocket {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    perMessageDeflate?: unknown;
    emit(event: 'ready'): boolean;
    socket?: { readyState: number; _socket?: TcpSocket };
  };
}

export interface TcpSocket {
  write(chunk: Buffer): boolean;
}

/** `ws`'s WebSocket.OPEN. */
const WS_OPEN = 1;

/**
 * The TCP socket a frame can be written to directly, keeping order; else null. Only a plain open
 * WebSocket (no per-message deflate) with nothing waiting in engine.io's write buffer, not
 * upgrading, and no outgoing listeners on the Socket.IO socket (they must see every packet).
 */
export function directTarget(socket: RecipientSocket): TcpSocket | null {
  if (socket._anyOutgoingListeners?.length) return null;
  const conn = socket.client.conn;
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length !== 0) return null;
  const transport = conn.transport;
  if (transport.name !== 'websocket' || transport.perMessageDeflate) return null;
  const ws = transport.socket;
  if (!ws || ws.readyState !== WS_OPEN) return null;
  return ws._socket ?? null;
}

/** Whether a held socket may take more held frames: open, and engine.io was given nothing meanwhile. */
export function idleSinceHeld(socket: RecipientSocket): boolean {
  const conn = socket.client.conn;
  return conn.readyState === 'open' && conn.writeBuffer.length === 0;
}

/** Whether engine.io has no send in flight on the socket (its transport is writable). */
export const transportWritable = (socket: RecipientSocket): boolean => socket.client.conn.transport.writable;

/** Holds engine.io back: what it is given for the socket waits in its write buffer. */
export function holdTransport(socket: RecipientSocket): void {
  socket.client.conn.transport.writable = false;
}

/** The TCP socket of a still-open WebSocket connection (for held frames), else null. */
export function openTcp(socket: RecipientSocket): TcpSocket | null {
  const conn = socket.client.conn;
  const ws = conn.transport.socket;
  return conn.readyState === 'open' && ws?.readyState === WS_OPEN && ws._socket ? ws._socket : null;
}

/** Hands the transport back to engine.io, which then flushes what it was given meanwhile. */
export function releaseTransport(socket: RecipientSocket): void {
  const transport = socket.client.conn.transport;
  transport.writable = true;
  transport.emit('ready');
}

export interface BroadcastOpts {
  rooms: Set<string>;
  except?: Set<string>;
}
export type Apply = (opts: BroadcastOpts, callback: (socket: RecipientSocket) => void) => void;
export type Packet = { id?: number };
export type Encode = (packet: Packet, packetOpts: Record<string, unknown>) => unknown[];

/** The in-memory adapter's broadcast internals (one adapter per namespace). */
export interface AdapterInternals {
  /** The adapter's own `_encode` and `apply`, bound, as they were before `replace`. */
  encode: Encode;
  apply: Apply;
  /** Replaces `_encode` and `apply`: the in-memory `broadcast` calls `_encode`, then `apply`. */
  replace(encode: Encode, apply: Apply): void;
  /** The socket ids in a room. */
  rooms: Map<string, Set<string>>;
  /** The namespace's sockets by id. */
  sockets: Map<string, RecipientSocket>;
}

interface AdapterShape {
  _encode: Encode;
  apply: Apply;
  rooms: Map<string, Set<string>>;
  nsp: { sockets: Map<string, RecipientSocket> };
}

function isAdapter(adapter: object): adapter is AdapterShape {
  return (
    '_encode' in adapter &&
    typeof adapter._encode === 'function' &&
    'apply' in adapter &&
    typeof adapter.apply === 'function' &&
    'rooms' in adapter &&
    adapter.rooms instanceof Map &&
    'nsp' in adapter &&
    typeof adapter.nsp === 'object' &&
    adapter.nsp !== null &&
    'sockets' in adapter.nsp &&
    adapter.nsp.sockets instanceof Map
  );
}

/** The adapter's internals; throws at start-up (not at the first broadcast) when they are not there. */
export function adapterInternals(adapter: object): AdapterInternals {
  if (!isAdapter(adapter))
    throw new Error(
      'Socket.IO adapter internals (_encode, apply, rooms, nsp.sockets) not found: see realtime/src/engine-io-adapter.ts',
    );
  return {
    encode: adapter._encode.bind(adapter),
    apply: adapter.apply.bind(adapter),
    replace(encode, apply) {
      adapter._encode = encode;
      adapter.apply = apply;
    },
    rooms: adapter.rooms,
    sockets: adapter.nsp.sockets,
  };
}

/**
 * The one WebSocket frame `_encode` made for a broadcast (its `wsPreEncodedFrame` option), when the
 * broadcast can take the direct write: not one waiting for acks (a packet id), not volatile.
 */
export function broadcastFrame(packet: Packet, packetOpts: Record<string, unknown>): Buffer | null {
  const frame = packetOpts.wsPreEncodedFrame;
  if (!Array.isArray(frame) || packet.id !== undefined || packetOpts.volatile) return null;
  if (!frame.every((b) => Buffer.isBuffer(b))) return null;
  return frame.length === 1 ? frame[0] : Buffer.concat(frame);
}
