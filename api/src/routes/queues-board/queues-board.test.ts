import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix } from '../../queue/queues';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';
import { QUEUES_BOARD_COOKIE } from './queues-board';

let api: TestApi;
let world: World;

beforeAll(async () => {
  api = await startTestApi();
  world = await createWorld(api.deps);
  // A waiting job, so the board's queue API has something real to show.
  const queue = new Queue('sms', {
    connection: api.deps.redis,
    prefix: bullPrefix(api.deps.config.redisPrefix),
  });
  await queue.add('board-probe', { probe: true });
  await queue.close();
});
afterAll(() => api?.close());

/** The `name=value` pair of the board cookie from a Set-Cookie answer. */
function boardCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((c) => c.startsWith(`${QUEUES_BOARD_COOKIE}=`));
  if (!line) throw new Error('no board cookie set');
  return line.split(';')[0];
}

describe('bull-board at /api/admin/queues', () => {
  it('refuses anonymous requests with 401 and non-admins with 403', async () => {
    expect((await api.request('GET', '/api/admin/queues/')).status).toBe(401);
    expect((await api.request('GET', '/api/admin/queues/api/queues')).status).toBe(401);
    const owner = await api.request('GET', '/api/admin/queues/', { token: world.users.owner.token });
    expect(owner.status).toBe(403);
    expect(owner.body.error.code).toBe('forbidden');
    const owner2 = await api.request('POST', '/api/admin/queues/session', { token: world.users.owner.token });
    expect(owner2.status).toBe(403);
    expect(owner2.headers.getSetCookie()).toEqual([]);
  });

  it('serves the dashboard and its queue API to a superadmin bearer token', async () => {
    const page = await api.request('GET', '/api/admin/queues/', { token: world.users.superadmin.token });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<base href="/api/admin/queues/"');
    const script = /src="(static\/js\/main[^"]+)"/.exec(page.body)?.[1];
    const asset = await api.request('GET', `/api/admin/queues/${script}`, {
      token: world.users.superadmin.token,
    });
    expect(asset.status).toBe(200);
    const queues = await api.request('GET', '/api/admin/queues/api/queues', {
      token: world.users.superadmin.token,
    });
    expect(queues.status).toBe(200);
    const sms = queues.body.queues.find((q: { name: string }) => q.name === 'sms');
    expect(sms.counts.waiting).toBe(1);
  });

  it('takes no token from the URL (issue 14 item 6): a ?token= link is refused and sets no cookie', async () => {
    const link = await fetch(`${api.url}/api/admin/queues?token=${world.users.superadmin.token}`, {
      redirect: 'manual',
    });
    expect(link.status).toBe(401);
    expect(link.headers.getSetCookie()).toEqual([]);
    const page = await fetch(`${api.url}/api/admin/queues/api/queues?token=${world.users.superadmin.token}`);
    expect(page.status).toBe(401);
  });

  it('the session cookie is HttpOnly, scoped to the board, holds no JWT and cannot be tampered with', async () => {
    const session = await api.request('POST', '/api/admin/queues/session', {
      token: world.users.superadmin.token,
    });
    const setCookie = session.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/path=\/api\/admin\/queues/i);
    expect(setCookie).toMatch(/samesite=strict/i);
    expect(setCookie).not.toContain(world.users.superadmin.token);
    const cookie = boardCookie(session.headers);
    const queues = await api.request('GET', '/api/admin/queues/api/queues', { headers: { cookie } });
    expect(queues.status).toBe(200);
    // A tampered cookie is worth nothing.
    const tampered = cookie.replace(/\.(\d+)\./, (_m, tv) => `.${Number(tv) + 1}.`);
    expect(
      (await api.request('GET', '/api/admin/queues/api/queues', { headers: { cookie: tampered } })).status,
    ).toBe(401);
  });

  it('POST /session sets the cookie from the bearer token; an expired session is refused', async () => {
    const session = await api.request('POST', '/api/admin/queues/session', {
      token: world.users.superadmin.token,
    });
    expect(session.status).toBe(204);
    const cookie = boardCookie(session.headers);
    expect((await api.request('GET', '/api/admin/queues/', { headers: { cookie } })).status).toBe(200);
    api.setNow(new Date(Date.now() + 2 * 3600 * 1000));
    try {
      expect((await api.request('GET', '/api/admin/queues/', { headers: { cookie } })).status).toBe(401);
    } finally {
      api.setNow(null);
    }
    const owner = await api.request('POST', '/api/admin/queues/session', { token: world.users.owner.token });
    expect(owner.status).toBe(403);
  });
});
