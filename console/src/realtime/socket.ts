import { type DomainEvent, isEventType, parseEventData } from '@oppslag/common/events.ts';
import {
  type ClientToServer,
  type ConsoleEvent,
  type ConsoleServerToClient,
  SeqTracker,
} from '@oppslag/common/realtime/index.ts';
import { io, type Socket } from 'socket.io-client';
import { queryClient } from '../api/query-client';
import { applyRealtimeEvent, resyncQueries } from './query-events';

/** What listeners hear: a catalogued event, a presence change, or "refetch everything you show". */
export type RealtimeEvent = ConsoleEvent | { type: 'resync' };
type Listener = (event: RealtimeEvent) => void;

let socket: Socket<ConsoleServerToClient, ClientToServer> | null = null;
let socketToken: string | null = null;
const seq = new SeqTracker();
const listeners = new Set<Listener>();

/**
 * Other features (notes, content) subscribe here to the same socket; the return value
 * unsubscribes. The query cache is kept current first, by the table in query-events.ts; listeners
 * are for what is not server state (a row's flash).
 */
export function onRealtimeEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fetch fresh snapshots of everything live: after a gap, a sync ahead of us, or an unrecovered reconnect. */
function resync() {
  resyncQueries(queryClient);
  for (const l of listeners) l({ type: 'resync' });
}

function deliver(event: ConsoleEvent) {
  applyRealtimeEvent(queryClient, event);
  for (const l of listeners) l(event);
}

/** A pushed domain event, checked against the catalogue (a shape it does not know is dropped). */
function handle(type: string, payload: unknown) {
  if (!isEventType(type) || !payload || typeof payload !== 'object') return;
  const field = (key: string): unknown => (key in payload ? Reflect.get(payload, key) : undefined);
  const [id, n, entityId] = [field('id'), field('seq'), field('entityId')];
  const data = parseEventData(type, field('data'));
  if (typeof id !== 'string' || typeof n !== 'number' || data === null) return;
  if (entityId !== null && typeof entityId !== 'number') return;
  const verdict = seq.observe(entityId, n);
  if (verdict === 'duplicate') return;
  if (verdict === 'gap') {
    resync();
    return;
  }
  deliver({ type, id, seq: n, entityId, data } as DomainEvent);
}

/** Opens the console's socket (same origin, path /socket.io, handshake auth {token}). */
export function connectRealtime(token: string): void {
  if (socket && socketToken === token) return;
  disconnectRealtime();
  socketToken = token;
  let connectedBefore = false;
  const s: Socket<ConsoleServerToClient, ClientToServer> = io({
    path: '/socket.io',
    auth: { token },
    transports: ['websocket', 'polling'],
  });
  socket = s;
  s.on('connect', () => {
    // A reconnect the server could not recover (missed packets) means our state may be stale;
    // the gateway's `sync` messages that follow are the new baselines.
    if (!s.recovered) seq.reset();
    if (connectedBefore && !s.recovered) resync();
    connectedBefore = true;
  });
  s.on('sync', ({ entityId, seq: latest }) => {
    // Behind the gateway's word: events were lost on the way (Redis lost its queue, say).
    if (seq.sync(entityId, latest) === 'behind') resync();
  });
  s.on('display.presence', (payload) => deliver({ type: 'display.presence', ...payload }));
  s.on('display.health', (payload) => deliver({ type: 'display.health', ...payload }));
  s.onAny((type: string, payload: unknown) => {
    if (type !== 'sync' && type !== 'display.presence' && type !== 'display.health') handle(type, payload);
  });
}

export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
  socketToken = null;
  seq.reset();
}
