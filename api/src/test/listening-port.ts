import type { AddressInfo } from 'node:net';

/**
 * The TCP port a server listens on. `address()` is a string for a pipe or socket file and null
 * before `listen`; a test that meets either gets told so here instead of reading `.port` of it.
 */
export function listeningPort(server: { address(): AddressInfo | string | null }): number {
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error(`server is not listening on a TCP port (${String(address)})`);
  }
  return address.port;
}
