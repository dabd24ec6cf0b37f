import { io, type Socket } from 'socket.io-client';
import { dispatchEntityEvent, loadEntities } from '../state/entities';
import { dispatchMemberEvent, reloadMembers } from '../state/members';
import { SeqTracker } from './seq-tracker';

type Listener = (type: string, payload: PushedPayload) => void;

export interface PushedPayload {
  id: string;
  seq: number;
  entityId: number | null;
  data: unknown;
}

let socket: Socket | null = null;
let socketToken: string | null = null;
const seq = new SeqTracker();
const listeners = new Set<Listener>();

/**
 * Other features (notes, content) subscribe here to the same socket; the return value
 * unsubscribes. The platform stores (entities, members) are wired below.
 */
export function onRealtimeEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fetch fresh snapshots of everything live: after a gap or an unrecovered reconnect. */
function resync() {
  seq.reset();
  void loadEntities();
  reloadMembers();
  for (const l of listeners) l('resync', { id: 'resync', seq: 0, entityId: null, data: null });
}

function handle(type: string, payload: PushedPayload) {
  if (!payload || typeof payload !== 'object') return;
  const verdict = seq.observe(payload.entityId, payload.seq);
  if (verdict === 'duplicate') return;
  if (verdict === 'gap') {
    resync();
    return;
  }
  const event = { type, entityId: payload.entityId, data: payload.data };
  if (type.startsWith('entity.') || type === 'display.presence') dispatchEntityEvent(event);
  if (type.startsWith('member.')) dispatchMemberEvent(event);
  for (const l of listeners) l(type, payload);
}

/** Opens the console's socket (same origin, path /socket.io, handshake auth {token}). */
export function connectRealtime(token: string): void {
  if (socket && socketToken === token) return;
  disconnectRealtime();
  socketToken = token;
  let connectedBefore = false;
  socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  socket.on('connect', () => {
    // A reconnect the server could not recover (missed packets) means our state may be stale.
    if (connectedBefore && !socket?.recovered) resync();
    connectedBefore = true;
  });
  socket.onAny((type: string, payload: PushedPayload) => handle(type, payload));
}

export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
  socketToken = null;
  seq.reset();
}
