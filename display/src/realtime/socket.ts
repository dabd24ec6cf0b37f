import { io, type Socket } from 'socket.io-client';

export interface PushedEvent {
  type: string;
  id: string;
  seq: number;
  entityId: number | null;
  data: unknown;
}

export interface RealtimeHandlers {
  onEvent(event: PushedEvent): void;
  /** Connected; `recovered` is false when missed events could not be replayed. */
  onConnect(recovered: boolean): void;
  onDisconnect(): void;
  /** The server refused or dropped us; the caller checks whether the key is still valid. */
  onRejected(): void;
}

export interface RealtimeConnection {
  close(): void;
  /** Tries again after the caller confirmed the credentials are still good. */
  retry(delayMs: number): void;
}

/** Opens the display's Socket.IO connection with the display token (same origin, /socket.io). */
export function connectRealtime(token: string, handlers: RealtimeHandlers, url?: string): RealtimeConnection {
  const options = {
    path: '/socket.io',
    auth: { token },
    // Backoff on reconnect: 1 s doubling to 30 s, jittered so a building full of screens does
    // not reconnect in lockstep after an outage.
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
    transports: ['websocket', 'polling'],
  };
  const socket: Socket = url ? io(url, options) : io(options);
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  socket.on('connect', () => handlers.onConnect(socket.recovered));
  socket.on('disconnect', (reason) => {
    handlers.onDisconnect();
    // Only a server-side kick stops the client's own reconnect loop; that is when the key may be gone.
    if (reason === 'io server disconnect') handlers.onRejected();
  });
  socket.on('connect_error', () => {
    // A middleware refusal leaves the socket inactive (no automatic retry); network errors do not.
    if (!socket.active) handlers.onRejected();
  });
  socket.onAny((type: string, payload: unknown) => {
    const p = (payload ?? {}) as Partial<PushedEvent>;
    handlers.onEvent({
      type,
      id: String(p.id ?? ''),
      seq: typeof p.seq === 'number' ? p.seq : Number.NaN,
      entityId: typeof p.entityId === 'number' ? p.entityId : null,
      data: p.data,
    });
  });

  return {
    close() {
      if (retryTimer) clearTimeout(retryTimer);
      socket.removeAllListeners();
      socket.offAny();
      socket.disconnect();
    },
    retry(delayMs) {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (!socket.connected) socket.connect();
      }, delayMs);
    },
  };
}
