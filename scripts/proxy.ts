// The front door of separate-process mode on PORT, playing the web image's role: Socket.IO
// (long-polling and WebSocket upgrades) goes to the realtime process, everything else to the API
// process, so the browser still sees one origin. While an upstream is down (a child restarting)
// the answer is 503 with Retry-After, which clients and the player treat as "try again shortly":
// JSON for API clients, and for a browser navigation the small self-reloading page the web image's
// nginx serves too (docker/unavailable.html), never raw JSON on a screen.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Upstreams {
  api: number;
  realtime: number;
  /** The supervisor's view: a port whose process is down is answered 503 without trying it. */
  isDown?(port: number): boolean;
}

/** Seconds a client is told to wait while a process restarts. */
export const RETRY_AFTER_S = 2;

/** The page a browser navigation gets while the upstream is away (one file for proxy and nginx). */
export const UNAVAILABLE_PAGE = readFileSync(new URL('../docker/unavailable.html', import.meta.url));

/** CSP sources allowing exactly the inline scripts of `html` (the page's retry script). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

const PAGE_CSP = `default-src 'none'; script-src ${inlineScriptHashes(UNAVAILABLE_PAGE.toString()).join(' ')}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * A browser opening a page (the tab's or the kiosk's navigation), as opposed to an API client.
 * Browsers say so with Sec-Fetch-Mode; a client without it counts when it asks for HTML outside
 * /api and /socket.io (a fetch() or XHR never sends `navigate`). docker/nginx.conf's
 * `$oppslag_navigation` map is the same rule.
 */
export function isNavigation(req: Pick<IncomingMessage, 'headers' | 'url'>): boolean {
  const mode = req.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') && !/^\/(api|socket\.io)\//.test(req.url ?? '');
}

function unavailable(req: IncomingMessage, res: ServerResponse): void {
  // Cut mid-answer: nothing sensible can follow what was sent, so the connection is closed.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const common = { 'retry-after': String(RETRY_AFTER_S), 'cache-control': 'no-store' };
  if (isNavigation(req)) {
    res.writeHead(503, {
      ...common,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PAGE_CSP,
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : UNAVAILABLE_PAGE);
    return;
  }
  res.writeHead(503, { ...common, 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: { code: 'upstream_unavailable', message: 'Service restarting; try again shortly' },
    }),
  );
}

const pick = (url: string | undefined, up: Upstreams) =>
  url?.startsWith('/socket.io') ? up.realtime : up.api;

function forwardedHeaders(req: IncomingMessage): Record<string, string | string[] | undefined> {
  const prior = req.headers['x-forwarded-for'];
  const client = req.socket.remoteAddress ?? '';
  return {
    ...req.headers,
    'x-forwarded-for': prior ? `${prior}, ${client}` : client,
    'x-forwarded-proto': (req.headers['x-forwarded-proto'] as string | undefined) ?? 'http',
    'x-forwarded-host': (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host ?? '',
  };
}

export function createFrontProxy(up: Upstreams): Server {
  const server = createServer((req, res) => {
    const port = pick(req.url, up);
    if (up.isDown?.(port)) {
      req.resume();
      unavailable(req, res);
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // Refused or cut: the process is (re)starting or just died; the supervisor brings it back.
    upstream.on('error', () => unavailable(req, res));
    req.pipe(upstream);
  });
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const port = pick(req.url, up);
    if (up.isDown?.(port)) {
      client.end(
        `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${RETRY_AFTER_S}\r\nConnection: close\r\n\r\n`,
      );
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      const headers = forwardedHeaders(req);
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', drop);
    client.on('error', drop);
  });
  return server;
}
