import {
  type ClientToServer,
  type DisplayEvent,
  type DisplayServerToClient,
  parseDisplayEvent,
  type SyncPayload,
  type WithheldPayload,
} from '@oppslag/common/realtime/index.ts';
import { io, type Socket } from 'socket.io-client';
import type { HealthTransport } from '../health/reporter';

/** How long the player waits for the gateway to confirm a screenshot. */
const SCREENSHOT_ACK_MS = 15_000;

export interface RealtimeHandlers {
  /** A push in the display's catalogue shape (anything else is dropped here). */
  onEvent(event: DisplayEvent): void;
  /** An event of the chain the screen may not see: only its number counts. */
  onWithheld(payload: WithheldPayload): void;
  /** The gateway's latest number for one of the chain's entities. */
  onSync(payload: SyncPayload): void;
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
  /** Health reports and screenshots go back over the same socket (absent in test fakes). */
  transport?: HealthTransport;
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
  const socket: Socket<DisplayServerToClient, ClientToServer> = url ? io(url, options) : io(options);
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
  socket.on('sync', (payload) => handlers.onSync(payload));
  socket.on('withheld', (payload) => handlers.onWithheld(payload));
  // Domain events are checked against the display catalogue here, so the player never guesses shapes.
  socket.onAny((type: string, payload: unknown) => {
    const event = parseDisplayEvent(type, payload);
    if (event) handlers.onEvent(event);
  });

  const transport: HealthTransport = {
    connected: () => socket.connected,
    heartbeat: (report) => socket.emit('display.heartbeat', report),
    rendered: (report) => socket.emit('display.rendered', report),
    screenshot: (image) => socket.timeout(SCREENSHOT_ACK_MS).emitWithAck('display.screenshot', image),
  };

  return {
    transport,
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
