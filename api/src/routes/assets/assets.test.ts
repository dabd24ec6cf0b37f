import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngSample } from '../../test/asset-samples';
import { insertAsset, multipartRequest, uploadAsset } from '../../test/asset-upload';
import { createEntity, createUser, createWorld, grant, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
let world: World;

beforeAll(async () => {
  api = await startTestApi();
  world = await createWorld(api.deps);
});
afterAll(() => api?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(api.url + path, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('reading assets', () => {
  it('answers by numeric id and by hashid, with cache-busting URLs', async () => {
    const { id } = await insertAsset(api.deps, world.entities.orgA.id);
    const byId = await api.request('GET', `/api/assets/${id}`, { token: world.users.moderator.token });
    expect(byId.status).toBe(200);
    const asset = byId.body.asset;
    expect(asset.hashid).toMatch(/^[A-Za-z0-9]{20,}$/);
    const v = new Date(asset.updatedAt).getTime();
    expect(asset.originalUrl).toBe(`/assets/${id}/original?v=${v}`);
    expect(asset.croppedUrl).toBe(`/assets/${id}/cropped?v=${v}`);
    const byHash = await api.request('GET', `/api/assets/${asset.hashid}`, {
      token: world.users.moderator.token,
    });
    expect(byHash.body.asset.id).toBe(id);
    for (const bad of ['0', '-1', '99999999999', `${asset.hashid}x`, 'abc']) {
      expect(
        (await api.request('GET', `/api/assets/${bad}`, { token: world.users.moderator.token })).status,
      ).toBe(404);
    }
  });

  it('serves image files with long caching only when the URL carries its version', async () => {
    const { id } = await insertAsset(api.deps, world.entities.orgA.id);
    const versioned = await get(`/api/assets/${id}/cropped?v=1`, bearer(world.users.owner.token));
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('cache-control')).toContain('immutable');
    expect(versioned.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await versioned.arrayBuffer())).metadata()).format).toBe('webp');
    const plain = await get(`/api/assets/${id}/original`, bearer(world.users.owner.token));
    expect(plain.headers.get('cache-control')).toContain('no-cache');
  });

  it('takes no token from the URL (issue 14 item 6): a header token (user or display) or the file cookie', async () => {
    const { id } = await insertAsset(api.deps, world.entities.groupA.id);
    const displayA = await api.deps.tokens.signDisplay(world.entities.displayA.id, 0);
    const displayB = await api.deps.tokens.signDisplay(world.entities.displayB.id, 0);
    for (const token of [world.users.moderator.token, displayA]) {
      expect((await get(`/api/assets/${id}/original?token=${token}`)).status).toBe(401);
      expect((await get(`/api/assets/${id}/cropped?token=${token}`)).status).toBe(401);
      expect((await get(`/api/assets/${id}?token=${token}`)).status).toBe(401);
    }
    expect((await get(`/api/assets/${id}/original`, bearer(world.users.moderator.token))).status).toBe(200);
    expect((await get(`/api/assets/${id}/cropped`, bearer(displayA))).status).toBe(200);
    expect((await get(`/api/assets/${id}`, bearer(displayA))).status).toBe(200);
    // Display B is in the other tenant; the asset does not exist for it.
    expect((await get(`/api/assets/${id}/cropped`, bearer(displayB))).status).toBe(404);
    expect((await get(`/api/assets/${id}/cropped`, bearer('forged'))).status).toBe(401);
    expect((await get(`/api/assets/${id}/cropped`)).status).toBe(401);
  });

  it('lets an <img> load files with the asset file cookie: HttpOnly, scoped to /api/assets, minutes long', async () => {
    const { id } = await insertAsset(api.deps, world.entities.groupA.id);
    const other = await insertAsset(api.deps, world.entities.orgB.id);
    // A user of its own, since the test ends with a password-change style token version bump.
    const editor = await createUser(api.deps, { email: 'cookie-editor@example.com' });
    await grant(api.deps, editor.id, world.entities.groupA.id, 'moderator');
    const session = await api.request('POST', '/api/assets/session', { token: editor.token });
    expect(session.status).toBe(200);
    const setCookie = session.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/path=\/api\/assets(;|$)/im);
    expect(setCookie).toMatch(/samesite=strict/i);
    expect(setCookie).not.toContain(editor.token);
    expect(Date.parse(session.body.expiresAt) - Date.now()).toBeLessThanOrEqual(20 * 60 * 1000);
    const cookie = setCookie.split(';')[0];
    expect((await get(`/api/assets/${id}/cropped?v=1`, { cookie })).status).toBe(200);
    expect((await get(`/api/assets/${id}/original`, { cookie })).status).toBe(200);
    // The cookie is the editor's: another tenant's asset does not exist for it.
    expect((await get(`/api/assets/${other.id}/original`, { cookie })).status).toBe(404);
    // It opens the files only, not the JSON routes or anything else.
    expect((await get(`/api/assets/${id}`, { cookie })).status).toBe(401);
    expect((await get('/api/entities', { cookie })).status).toBe(401);
    // A forged or tampered cookie is worth nothing, and the queue board's purpose cannot open it.
    const tampered = cookie.replace(/=(\d+)\./, (_m, uid) => `=${Number(uid) + 1}.`);
    expect((await get(`/api/assets/${id}/original`, { cookie: tampered })).status).toBe(401);
    // It ends with its minutes, and with the user's token version (password change).
    api.setNow(new Date(Date.now() + 21 * 60 * 1000));
    try {
      expect((await get(`/api/assets/${id}/original`, { cookie })).status).toBe(401);
    } finally {
      api.setNow(null);
    }
    const { users } = await import('../../db/schema/index');
    const { eq, sql } = await import('drizzle-orm');
    await api.deps.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, editor.id));
    expect((await get(`/api/assets/${id}/original`, { cookie })).status).toBe(401);
    // Signing out clears it.
    const closed = await api.request('DELETE', '/api/assets/session');
    expect(closed.headers.getSetCookie().join('\n')).toMatch(/oppslag_assets=;.*path=\/api\/assets/i);
  });

  it('stops a display token once its API key is regenerated', async () => {
    const { id } = await insertAsset(api.deps, world.entities.orgA.id);
    const display = await createEntity(api.deps, {
      name: 'Lobby',
      type: 'display',
      parentId: world.entities.orgA.id,
      apiKey: 'k',
    });
    const token = await api.deps.tokens.signDisplay(display.id, 0);
    expect((await get(`/api/assets/${id}/original`, bearer(token))).status).toBe(200);
    const { entities } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    await api.deps.database.db.update(entities).set({ apiKeyVersion: 1 }).where(eq(entities.id, display.id));
    expect((await get(`/api/assets/${id}/original`, bearer(token))).status).toBe(401);
  });

  it('shows assets of ancestors (inherited and master banners) but only their owners change them', async () => {
    const { id } = await insertAsset(api.deps, world.entities.root.id);
    const moderator = world.users.moderator.token;
    expect((await api.request('GET', `/api/assets/${id}`, { token: moderator })).status).toBe(200);
    const put = await api.request('PUT', `/api/assets/${id}`, {
      token: moderator,
      body: { page: 1, offsetX: 0, offsetY: 0, scale: 1 },
    });
    expect(put.status).toBe(403);
    const admin = await api.request('PUT', `/api/assets/${id}`, {
      token: world.users.superadmin.token,
      body: { page: 1, offsetX: 0, offsetY: 0, scale: 1 },
    });
    expect(admin.status).toBe(200);
  });

  it('answers 404 for the cropped file until a rendition exists', async () => {
    const res = await uploadAsset(api, world.users.moderator.token, world.entities.orgA.id, {
      bytes: await pngSample(),
    });
    expect(res.status).toBe(201);
    const cropped = await get(
      `/api/assets/${res.body.asset.id}/cropped`,
      bearer(world.users.moderator.token),
    );
    expect(cropped.status).toBe(404);
  });
});

describe('PUT /api/assets/:id', () => {
  const put = (id: number, body: unknown) =>
    api.request('PUT', `/api/assets/${id}`, { token: world.users.moderator.token, body });

  it('stores crop parameters, bumps the crop version and keeps the old rendition until the new one', async () => {
    const { id } = await insertAsset(api.deps, world.entities.orgA.id);
    const res = await put(id, { page: 1, offsetX: -12.5, offsetY: 40, scale: 1.5, slot: 'banner' });
    expect(res.status).toBe(200);
    expect(res.body.asset).toMatchObject({
      offsetX: -12.5,
      offsetY: 40,
      scale: 1.5,
      slot: 'banner',
      cropVersion: 2,
      cropPending: true,
      hasCropped: true,
    });
  });

  it.each([
    [{ page: 1, offsetX: 0, offsetY: 0, scale: 0.05 }, 'Scale must be between 0.1 and 2'],
    [{ page: 1, offsetX: 0, offsetY: 0, scale: 2.01 }, 'Scale must be between 0.1 and 2'],
    [{ page: 1, offsetX: 0, offsetY: 0, scale: '1' }, 'Scale must be a number'],
    [{ page: 0, offsetX: 0, offsetY: 0, scale: 1 }, 'Page must be at least 1'],
    [{ page: 2, offsetX: 0, offsetY: 0, scale: 1 }, 'Page must be between 1 and 1'],
    [{ page: 1.5, offsetX: 0, offsetY: 0, scale: 1 }, 'Page must be an integer'],
    [{ page: 1, offsetX: 1e9, offsetY: 0, scale: 1 }, 'Offset x is out of range'],
    [{ page: 1, offsetX: 0, offsetY: 0, scale: 1, slot: 'sidebar' }, 'Unknown slot'],
    [{ page: 1, offsetX: 0, offsetY: 0, scale: 1, storageKey: '../../etc/passwd' }, undefined],
    [{ offsetX: 0, offsetY: 0, scale: 1 }, 'Page must be an integer'],
  ])('refuses %j', async (body, message) => {
    const { id } = await insertAsset(api.deps, world.entities.orgA.id);
    const res = await put(id, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
    const after = await api.request('GET', `/api/assets/${id}`, { token: world.users.moderator.token });
    expect(after.body.asset.cropVersion).toBe(1);
  });

  it('is refused to displays', async () => {
    const { id } = await insertAsset(api.deps, world.entities.orgA.id);
    const token = await api.deps.tokens.signDisplay(world.entities.displayA.id, 0);
    const res = await fetch(`${api.url}/api/assets/${id}`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, offsetX: 0, offsetY: 0, scale: 1 }),
    });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/assets/:id/cropped', () => {
  it('stores the browser crop as the rendition and announces it', async () => {
    const { id } = await insertAsset(api.deps, world.entities.orgA.id);
    const crop = await sharp({ create: { width: 480, height: 895, channels: 3, background: '#112233' } })
      .jpeg()
      .toBuffer();
    const res = await multipartRequest(api, 'PUT', `/api/assets/${id}/cropped`, {
      token: world.users.moderator.token,
      files: [{ bytes: crop, name: 'crop.jpg', type: 'image/jpeg' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.asset).toMatchObject({ hasCropped: true, cropPending: false, cropVersion: 2 });
    const file = await get(`/api/assets/${id}/cropped`, bearer(world.users.moderator.token));
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 895]);
    const { events } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    const rows = await api.deps.database.db.select().from(events).where(eq(events.type, 'asset.updated'));
    expect(rows.some((e) => (e.data as { id: number }).id === id)).toBe(true);
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.4\n'), 415],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 422],
    ['nothing', Buffer.alloc(0), 400],
  ])('refuses %s and keeps the previous rendition', async (_name, bytes, status) => {
    const { id } = await insertAsset(api.deps, world.entities.orgA.id);
    const res = await multipartRequest(api, 'PUT', `/api/assets/${id}/cropped`, {
      token: world.users.moderator.token,
      files: [{ bytes, name: 'x.png', type: 'image/png' }],
    });
    expect(res.status).toBe(status);
    const after = await api.request('GET', `/api/assets/${id}`, { token: world.users.moderator.token });
    expect(after.body.asset).toMatchObject({ cropVersion: 1, hasCropped: true });
    expect((await get(`/api/assets/${id}/cropped`, bearer(world.users.moderator.token))).status).toBe(200);
  });
});
