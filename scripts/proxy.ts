// The front door of separate-process mode on PORT, playing the web image's role: Socket.IO
// (long-polling and WebSocket upgrades) goes to the realtime process, everything else to the API
// process, so the browser still sees one origin.
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Upstreams {
  api: number;
  realtime: number;
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
    const upstream = request(
      {
        host: '127.0.0.1',
        port: pick(req.url, up),
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'upstream_unavailable', message: 'Service unavailable' } }));
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const upstream = connect(pick(req.url, up), '127.0.0.1', () => {
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
