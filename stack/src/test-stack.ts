import type { AddressInfo } from 'node:net';
import type { WebMount } from '@oppslag/api/http';
import { createTestBackend, jsonRequester, type TestApi } from '@oppslag/api/testing';
import type { Logger } from 'pino';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { type Composed, composeServer } from './compose';

export interface TestStack extends Pick<TestApi, 'url' | 'deps' | 'db' | 'setNow' | 'request'> {
  composed: Composed;
  /** Connects a Socket.IO client with a handshake token; resolves once connected, rejects on connect_error. */
  connect(token: string, opts?: { reconnection?: boolean; origin?: string }): Promise<ClientSocket>;
  close(): Promise<void>;
}

/**
 * The whole back end in this process on one random port, like `npm start`: API, worker (outbox
 * relay and processors) and the realtime gateway, on a fresh database and Redis prefix. UI e2e
 * tests pass `web` to serve built apps from the same origin.
 */
export async function startTestStack(
  opts: {
    env?: Record<string, string>;
    driver?: 'pg' | 'pglite';
    redisUrl?: string;
    web?: WebMount[];
    /** `'relay'` runs the outbox relay without the worker's processors. */
    worker?: true | 'relay';
    /** The gateway's periodic `sync` interval. */
    syncIntervalMs?: number;
    /** The one logger of API, worker and gateway (silent when absent). */
    logger?: Logger;
  } = {},
): Promise<TestStack> {
  const backend = await createTestBackend({
    env: opts.env,
    driver: opts.driver,
    redisUrl: opts.redisUrl,
    dataDirPrefix: 'oppslag-stack-',
    logger: opts.logger,
  });
  const { deps } = backend;
  const composed = await composeServer(deps, {
    api: true,
    worker: opts.worker ?? true,
    realtime: true,
    web: opts.web,
    sweepMs: 200,
    syncIntervalMs: opts.syncIntervalMs,
  });
  await new Promise<void>((resolve) => composed.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(composed.server.address() as AddressInfo).port}`;
  const clients: ClientSocket[] = [];

  return {
    url,
    deps,
    db: backend.db,
    composed,
    setNow: backend.setNow,
    request: jsonRequester(url),
    connect(token, o = {}) {
      const socket = connectClient(url, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: o.reconnection ?? false,
        forceNew: true,
        extraHeaders: o.origin ? { origin: o.origin } : undefined,
      });
      clients.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err) => {
          socket.close();
          reject(err);
        });
      });
    },
    async close() {
      for (const c of clients) c.close();
      await composed.close();
      await backend.dispose();
    },
  };
}

/** Resolves with the first `event` on `socket` that passes `match`, or rejects after `timeoutMs`. */
export function nextEvent<T = { id: string; seq: number; entityId: number | null; data: unknown }>(
  socket: ClientSocket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Collects every `event` pushed to a socket, for asserting that something did NOT arrive. */
export function collect<T = { id: string; seq: number; entityId: number | null; data: unknown }>(
  socket: ClientSocket,
  event: string,
): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}
