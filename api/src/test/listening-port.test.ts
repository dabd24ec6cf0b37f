import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listeningPort } from './listening-port';

describe('listeningPort', () => {
  it('reads the port a server listens on, and refuses one not listening', async () => {
    const server = createServer();
    expect(() => listeningPort(server)).toThrow('not listening on a TCP port (null)');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = listeningPort(server);
    expect(port).toBeGreaterThan(0);
    const again = createServer();
    const refused = await new Promise<NodeJS.ErrnoException>((resolve) => {
      again.once('error', resolve);
      again.listen(port, '127.0.0.1');
    });
    expect(refused.code).toBe('EADDRINUSE');
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
