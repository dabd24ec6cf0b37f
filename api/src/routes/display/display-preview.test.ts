import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../db/schema/index';
import { encodeDisplayId } from '../../lib/hashids';
import { DISPLAY_PREVIEW_SECONDS } from '../../lib/tokens';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * "Preview display" (issue 11 item 1, issue 14 item 6): every role that may see a display gets a
 * read-only display token of minutes for it, instead of the API key in a URL.
 */
describe('POST /api/entities/:id/display-preview', () => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());
  const preview = (entityId: number, token: string) =>
    api.request('POST', `/api/entities/${entityId}/display-preview`, { token });

  it('gives a moderator a minutes-long preview token that reads the screen’s manifest and content', async () => {
    const res = await preview(w.entities.displayA.id, w.users.moderator.token);
    expect(res.status).toBe(200);
    expect(res.body.displayId).toBe(encodeDisplayId(w.entities.displayA.id));
    const claims = decodeJwt(res.body.token);
    expect(claims.pv).toBe(true);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(DISPLAY_PREVIEW_SECONDS);
    expect(DISPLAY_PREVIEW_SECONDS).toBeLessThanOrEqual(3600);
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThanOrEqual(DISPLAY_PREVIEW_SECONDS * 1000);
    const manifest = await api.request('GET', '/api/display/manifest', { token: res.body.token });
    expect(manifest.status).toBe(200);
    expect((await api.request('GET', '/api/display/content', { token: res.body.token })).status).toBe(200);
    // Previewing is not registering: the screen's own state is untouched.
    const [row] = await api.deps.database.db
      .select({ registeredAt: entities.registeredAt })
      .from(entities)
      .where(eq(entities.id, w.entities.displayA.id));
    expect(row.registeredAt).toBeNull();
  });

  it('cannot be renewed into a screen’s own year-long token', async () => {
    const { body } = await preview(w.entities.displayA.id, w.users.owner.token);
    const renewed = await api.request('POST', '/api/display/token', { token: body.token });
    expect(renewed.status).toBe(403);
    expect(renewed.body.error.code).toBe('forbidden');
  });

  it('is no user token: the console API refuses it', async () => {
    const { body } = await preview(w.entities.displayA.id, w.users.owner.token);
    expect((await api.request('GET', '/api/entities', { token: body.token })).status).toBe(401);
  });

  it('ends when its minutes are up', async () => {
    const { body } = await preview(w.entities.displayA.id, w.users.owner.token);
    api.setNow(new Date(Date.now() + (DISPLAY_PREVIEW_SECONDS + 60) * 1000));
    try {
      expect((await api.request('GET', '/api/display/manifest', { token: body.token })).status).toBe(401);
    } finally {
      api.setNow(null);
    }
  });

  it('refuses strangers and entities that are not displays with 404', async () => {
    expect((await preview(w.entities.displayA.id, w.users.sibling.token)).status).toBe(404);
    expect((await preview(w.entities.orgA.id, w.users.owner.token)).status).toBe(404);
    expect((await preview(w.entities.displayA.id, '')).status).toBe(401);
  });

  it('dies with a regenerated API key', async () => {
    const { body } = await preview(w.entities.displayB.id, w.users.sibling.token);
    const regen = await api.request('POST', `/api/entities/${w.entities.displayB.id}/regenerate-api-key`, {
      token: w.users.superadmin.token,
    });
    expect(regen.status).toBe(200);
    expect((await api.request('GET', '/api/display/manifest', { token: body.token })).status).toBe(401);
  });
});
