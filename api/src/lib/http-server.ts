import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * The TCP listen backlog of every server process (pass it to `server.listen`). Node's default is
 * 511; a gateway restart or a network blip makes thousands of screens reconnect within about a
 * second (the player's first retry is 0.5–1.5 s after the drop), and a connection that finds the
 * accept queue full is dropped by the kernel and retried by the client only after its SYN
 * retransmission (1 s, 3 s, 7 s…) or the player's backoff (up to 30 s): a storm of 2,000 screens
 * at load 20 overflowed the queue ~20,000 times and took 53 s. The kernel caps the figure at
 * net.core.somaxconn (4096 on Linux since 5.4); raise that sysctl on a gateway host to go further.
 */
export const LISTEN_BACKLOG = 8192;

export interface ClosableServer {
  server: Server;
  /** Stops accepting, runs `beforeDrain` (closing sockets, queues), then lets requests finish (≤ 5 s). */
  close(beforeDrain?: () => Promise<void>): Promise<void>;
}

/**
 * The http server every process listens with. Shutdown closes keep-alive connections as soon as it
 * starts, so clients move to another replica at once instead of sending on a server that is leaving.
 */
export function createClosableServer(listener: RequestListener): ClosableServer {
  const server = createServer(listener);
  server.keepAliveTimeout = 65_000;
  let closing: Promise<void> | null = null;
  return {
    server,
    close(beforeDrain) {
      closing ??= (async () => {
        // Keep-alive clients would go on sending on their open connections: each answer from now
        // on closes its connection, so clients reconnect elsewhere and the server empties.
        server.on('request', (_req, res) => {
          if (!res.headersSent) res.setHeader('connection', 'close');
        });
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await beforeDrain?.();
        server.closeIdleConnections();
        // Requests still running get a moment to finish before their sockets are cut.
        await Promise.race([stopped, new Promise((r) => setTimeout(r, 5000))]);
        server.closeAllConnections();
      })();
      return closing;
    },
  };
}
