import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LoadOptions, type LoadResult, runLoad } from './load';

/**
 * The floor an HTTP route is compared with: a raw Node `http` server answering "hello", in this
 * process, loaded the same way as the route (same connections, duration and load generator).
 */
export async function rawHttpFloor(opts: Omit<LoadOptions, 'url' | 'headers'>): Promise<LoadResult> {
  const hello = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello');
  });
  await new Promise<void>((resolve) => hello.listen(0, '127.0.0.1', resolve));
  try {
    return await runLoad({ ...opts, url: `http://127.0.0.1:${(hello.address() as AddressInfo).port}/` });
  } finally {
    hello.close();
    hello.closeAllConnections();
  }
}
