import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { defineRoute, pathId } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { events } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { userAuth } from '../middleware/auth';
import type { DisplayState } from '../middleware/display-auth';
import { errorMiddleware } from '../middleware/errors';
import { recordEvent } from '../services/events.service';
import { createWorld, type World } from '../test/fixtures';
import { createTestBackend, jsonRequester, type TestApi, type TestBackend } from '../test/harness';
import { mountRoute } from './define-handler';

const entityParams = z.object({ entityId: pathId('Entity') });
const routes = {
  record: defineRoute({
    method: 'post',
    path: '/t/{entityId}/record',
    params: entityParams,
    body: z.strictObject({ fail: z.boolean() }),
    response: z.object({ ok: z.literal(true) }),
    errors: [],
    auth: 'user',
    permission: 'moderate_content',
    summary: 'records an event, then fails when asked',
    tags: ['test'],
  }),
  drift: defineRoute({
    method: 'get',
    path: '/t/drift',
    response: z.object({ name: z.string() }),
    errors: [],
    auth: 'superadmin',
    summary: 'answers something else than its contract says',
    tags: ['test'],
  }),
};

/** The mount layer: auth and permission in one place, validation, unit of work, response check. */
describe('mountRoute', () => {
  let backend: TestBackend;
  let server: Server;
  let request: TestApi['request'];
  let w: World;
  /** For each notify(): how many event rows a fresh connection could see at that moment. */
  const seenAtNotify: Promise<number>[] = [];

  beforeAll(async () => {
    backend = await createTestBackend({ dataDirPrefix: 'oppslag-mount-' });
    w = await createWorld(backend.deps);
    const deps: AppDeps = {
      ...backend.deps,
      outbox: {
        subscribe: () => () => undefined,
        notify: () =>
          seenAtNotify.push(
            backend.deps.database.db
              .select()
              .from(events)
              .where(eq(events.type, 'note.deleted'))
              .then((rows) => rows.length),
          ),
      },
    };
    const router = new Router<DisplayState>({ prefix: '/api' });
    mountRoute(router, deps, routes.record, async ({ params, body, uow, access }) => {
      expect(access.ancestry[0]).toBe(params.entityId);
      await uow(async (tx) => {
        await recordEvent(tx, { type: 'note.deleted', entityId: params.entityId, data: { id: 1 } });
        if (body.fail) throw new Error('rolled back');
      });
      return { ok: true as const };
    });
    // biome-ignore lint/suspicious/noExplicitAny: deliberately breaks the contract to see the check fire
    mountRoute(router, deps, routes.drift, () => ({ nom: 'x' }) as any);
    const app = new Koa();
    app.use(errorMiddleware(deps.logger));
    app.use(koaBody());
    app.use(userAuth(deps));
    app.use(router.routes());
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    request = jsonRequester(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await backend.dispose();
  });

  const record = (entityId: number | string, token: string | undefined, fail = false) =>
    request('POST', `/api/t/${entityId}/record`, { token, body: { fail } });

  it('notifies the relay once, after the transaction committed', async () => {
    const res = await record(w.entities.groupA.id, w.users.moderator.token);
    expect(res.status).toBe(200);
    expect(seenAtNotify).toHaveLength(1);
    expect(await seenAtNotify[0]).toBe(1);
  });

  it('neither commits nor notifies when the work fails', async () => {
    const res = await record(w.entities.groupA.id, w.users.moderator.token, true);
    expect(res.status).toBe(500);
    expect(seenAtNotify).toHaveLength(1);
    const rows = await backend.deps.database.db.select().from(events).where(eq(events.type, 'note.deleted'));
    expect(rows).toHaveLength(1);
  });

  it('checks the caller, the path, the permission and the body in that order', async () => {
    expect((await record(w.entities.groupA.id, undefined)).status).toBe(401);
    const badPath = await record('abc', w.users.moderator.token);
    expect(badPath.status).toBe(404);
    expect(badPath.body.error.message).toBe('Entity not found');
    expect((await record(w.entities.orgB.id, w.users.moderator.token)).status).toBe(404);
    const badBody = await request('POST', `/api/t/${w.entities.orgB.id}/record`, {
      token: w.users.sibling.token,
      body: { fail: 'no' },
    });
    expect(badBody.status).toBe(400);
    expect((await request('GET', '/api/t/drift', { token: w.users.owner.token })).status).toBe(403);
  });

  it('refuses an answer that does not match the contract outside production', async () => {
    const res = await request('GET', '/api/t/drift', { token: w.users.superadmin.token });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
  });
});
