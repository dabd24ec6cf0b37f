import { createServer, type RequestListener, type Server } from 'node:http';

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
