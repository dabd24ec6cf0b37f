import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createWorld, type World } from '../test/fixtures';
import { createTestBackend, jsonRequester, type TestApi, type TestBackend } from '../test/harness';
import { captureLogs, type LogCapture } from '../test/log-capture';

/**
 * Issue 26 item 6: a request id on every request (taken from X-Request-Id or made), echoed, in the
 * error body and in every log line written while serving it; one access line per request.
 */
describe('request id and access log', () => {
  let backend: TestBackend;
  let server: Server;
  let request: TestApi['request'];
  let log: LogCapture;
  let world: World;
  beforeAll(async () => {
    log = captureLogs();
    backend = await createTestBackend({ dataDirPrefix: 'oppslag-reqlog-', logger: log.logger });
    world = await createWorld(backend.deps);
    const app = createApp(backend.deps);
    // A route that fails unexpectedly, after a service-style line through deps.logger.
    app.use((ctx) => {
      if (ctx.path !== '/api/boom') return;
      backend.deps.logger.warn({ step: 'before' }, 'about to fail');
      throw new Error('boom for +4791234567');
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    request = jsonRequester(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await backend?.dispose();
  });

  const linesOf = (requestId: string) => log.lines().filter((l) => l.requestId === requestId);

  it('echoes a given X-Request-Id and puts it in a 500 body and in every line of that request', async () => {
    const res = await request('GET', '/api/boom', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.body).toEqual({
      error: { code: 'internal_error', message: 'Internal server error', requestId: 'abc-123' },
    });
    const lines = linesOf('abc-123');
    expect(lines.map((l) => l.msg)).toEqual(['about to fail', 'unhandled error', 'request']);
    expect(lines[2]).toMatchObject({ method: 'GET', path: '/api/boom', status: 500 });
    expect(typeof lines[2].ms).toBe('number');
    expect(log.text()).not.toContain('91234567');
  });

  it('names the id in a 4xx body too, and the access line has no query string', async () => {
    const res = await request('GET', '/api/nothing-here?token=s3cret-reset&phone=004791234567', {
      headers: { 'x-request-id': 'req.4xx:1' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', requestId: 'req.4xx:1' });
    const [access] = linesOf('req.4xx:1');
    expect(access).toMatchObject({ msg: 'request', path: '/api/nothing-here', status: 404 });
    expect(log.text()).not.toContain('s3cret-reset');
  });

  it('makes an id when none (or an unsafe one) is given', async () => {
    for (const given of [undefined, 'x'.repeat(65), 'a b<script>']) {
      const res = await request('POST', '/api/authentication/login', {
        body: { email: 'nobody@example.com', password: 'wrong-password' },
        headers: given ? { 'x-request-id': given } : {},
      });
      expect(res.status).toBe(401);
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(res.body.error.requestId).toBe(id);
      expect(linesOf(id).map((l) => l.status)).toEqual([401]);
    }
  });

  it('writes the signed-in user id on the access line, and one line per request', async () => {
    const res = await request('GET', '/api/account', {
      token: world.users.owner.token,
      headers: { 'x-request-id': 'signed-in-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('signed-in-1');
    expect(linesOf('signed-in-1')).toEqual([
      expect.objectContaining({
        msg: 'request',
        path: '/api/account',
        status: 200,
        userId: world.users.owner.id,
      }),
    ]);
    expect(log.text()).not.toContain(world.users.owner.token);
  });
});
