import {
  a4PdfSample,
  assets,
  createWorld,
  events,
  pdfSample,
  pngSample,
  startTestApi,
  type TestApi,
  uploadAsset,
  type World,
} from '@oppslag/api/testing';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsPipeline } from '../test/sms-pipeline';
import { renderAssetCrop } from './assets.processor';
import { redeliverStalledJobs } from './redeliver';

let api: TestApi;
let world: World;

beforeAll(async () => {
  api = await startTestApi({ env: { FEATURE_SET: 'oppslag' } });
  world = await createWorld(api.deps);
});
afterAll(() => api?.close());

const token = () => world.users.moderator.token;

async function upload(bytes: Buffer, name = 'a.png'): Promise<{ id: number; cropVersion: number }> {
  const res = await uploadAsset(api, token(), world.entities.orgA.id, { bytes, name });
  expect(res.status).toBe(201);
  return res.body.asset;
}

async function putCrop(id: number, body: Record<string, unknown>) {
  const res = await api.request('PUT', `/api/assets/${id}`, { token: token(), body });
  expect(res.status).toBe(200);
  return res.body.asset as { cropVersion: number; cropPending: boolean; hasCropped: boolean };
}

async function cropped(id: number) {
  const res = await fetch(`${api.url}/api/assets/${id}/cropped`, {
    headers: { authorization: `Bearer ${token()}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  const bytes = Buffer.from(await res.arrayBuffer());
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) =>
    Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4));
  return { width: info.width, height: info.height, pixel };
}

/** WebP is lossy: colours are compared with a small tolerance. */
function expectColor(pixel: number[], rgb: [number, number, number]) {
  const distance = Math.max(...rgb.map((c, i) => Math.abs(c - pixel[i])));
  expect(distance, `pixel ${pixel.join(',')} vs ${rgb.join(',')}`).toBeLessThan(12);
}

const assetEvents = async (assetId: number) =>
  (await api.deps.database.db.select().from(events).where(eq(events.type, 'asset.updated'))).filter(
    (e) => (e.data as { id: number }).id === assetId,
  );

/** A 200x100 image: left half red, right half blue. */
const halves = () =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } },
        left: 100,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

describe('assets/crop processor', () => {
  it('is requested on upload and renders the uploader default size; repeats and stale versions write nothing', async () => {
    const asset = await upload(await halves());
    const requested = await api.deps.database.db
      .select()
      .from(events)
      .where(eq(events.type, 'asset.cropRequested'));
    expect(requested.map((e) => e.data)).toContainEqual({ assetId: asset.id, cropVersion: 1 });

    const updated = await putCrop(asset.id, { page: 1, offsetX: 0, offsetY: 0, scale: 1 });
    expect(updated).toMatchObject({ cropVersion: 2, cropPending: true, hasCropped: false });
    expect(await renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: 1 })).toBe('stale');
    expect(await renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: 2 })).toBe('rendered');
    expect(await renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: 2 })).toBe('already-done');
    expect(await assetEvents(asset.id)).toHaveLength(1);

    const got = await api.request('GET', `/api/assets/${asset.id}`, { token: token() });
    expect(got.body.asset).toMatchObject({ hasCropped: true, cropPending: false, cropVersion: 2 });
    const image = await cropped(asset.id);
    expect([image.width, image.height]).toEqual([480, 895]);
    // Covered and centred: the red/blue split sits in the middle of the slot.
    expectColor(image.pixel(100, 400), [255, 0, 0]);
    expectColor(image.pixel(400, 400), [0, 0, 255]);
  });

  it('applies offset and scale, and renders for the slot size of the feature set', async () => {
    const asset = await upload(await halves());
    const moved = await putCrop(asset.id, { page: 1, offsetX: 400, offsetY: 0, scale: 1 });
    expect(await renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: moved.cropVersion })).toBe(
      'rendered',
    );
    const right = await cropped(asset.id);
    expectColor(right.pixel(400, 400), [255, 0, 0]);

    // The banner is 1080x1080 in this product's feature set; at scale 0.1 most of it stays transparent.
    const small = await putCrop(asset.id, { page: 1, offsetX: 0, offsetY: 0, scale: 0.1, slot: 'banner' });
    expect(await renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: small.cropVersion })).toBe(
      'rendered',
    );
    const banner = await cropped(asset.id);
    expect([banner.width, banner.height]).toEqual([1080, 1080]);
    expect(banner.pixel(5, 5)[3]).toBe(0);
    expect(banner.pixel(530, 540)[3]).toBe(255);
  });

  it('renders the chosen page of a PDF', async () => {
    const asset = await upload(await pdfSample(3), 'doc.pdf');
    const second = await putCrop(asset.id, { page: 2, offsetX: 0, offsetY: 0, scale: 1 });
    expect(await renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: second.cropVersion })).toBe(
      'rendered',
    );
    const image = await cropped(asset.id);
    expect([image.width, image.height]).toEqual([480, 895]);
    // Page 2 is filled with rgb(0.1, 0.5, 0.7); contained, the 3:4 page spans the slot's width.
    const [r, g, b] = image.pixel(20, 447);
    expect(Math.abs(r - 26)).toBeLessThan(4);
    expect(Math.abs(g - 128)).toBeLessThan(4);
    expect(Math.abs(b - 179)).toBeLessThan(4);
    const bad = await api.request('PUT', `/api/assets/${asset.id}`, {
      token: token(),
      body: { page: 4, offsetX: 0, offsetY: 0, scale: 1 },
    });
    expect(bad.status).toBe(400);
  });

  it('contains an A4 page in the square banner: the heading at its top and the footer stay on white paper', async () => {
    const asset = await upload(await a4PdfSample(), 'a4.pdf');
    const fitted = await putCrop(asset.id, { page: 1, offsetX: 0, offsetY: 0, scale: 1, slot: 'banner' });
    expect(await renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: fitted.cropVersion })).toBe(
      'rendered',
    );
    const image = await cropped(asset.id);
    expect([image.width, image.height]).toEqual([1080, 1080]);
    // 1080/842 px per point: the heading bar covers rows 26–90, the footer rows 990–1054.
    for (const y of [30, 60, 85]) expectColor(image.pixel(540, y), [0, 0, 0]);
    for (const y of [995, 1050]) expectColor(image.pixel(540, y), [0, 0, 255]);
    // The page is 763 px wide, centred; the slot beside it is white paper, not transparent.
    expectColor(image.pixel(540, 540), [255, 255, 255]);
    expect(image.pixel(20, 540)).toEqual([255, 255, 255, 255]);
  });

  it('records exactly one event when the same job runs concurrently', async () => {
    const asset = await upload(await pngSample(300, 300));
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: asset.cropVersion })),
    );
    expect(outcomes.filter((o) => o === 'rendered')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'rendered' || o === 'already-done')).toBe(true);
    expect(await assetEvents(asset.id)).toHaveLength(1);
  });

  it('never lets an older server render replace a crop made in the browser', async () => {
    const asset = await upload(await pngSample(300, 300, '#00ff00'));
    const params = await putCrop(asset.id, { page: 1, offsetX: 0, offsetY: 0, scale: 1 });
    const form = new FormData();
    const browserCrop = await sharp({
      create: { width: 480, height: 895, channels: 3, background: '#ffff00' },
    })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(browserCrop)], { type: 'image/png' }), 'crop.png');
    const put = await fetch(`${api.url}/api/assets/${asset.id}/cropped`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token()}` },
      body: form,
    });
    expect(put.status).toBe(200);
    expect(await renderAssetCrop(api.deps, { assetId: asset.id, cropVersion: params.cropVersion })).toBe(
      'stale',
    );
    expectColor((await cropped(asset.id)).pixel(240, 400), [255, 255, 0]);
  });

  it('is started by the outbox relay and consumed by the assets worker', async () => {
    const pipeline = await startSmsPipeline(api);
    try {
      const asset = await upload(await pngSample(800, 600));
      const deadline = Date.now() + 15_000;
      let done = false;
      while (!done && Date.now() < deadline) {
        const res = await api.request('GET', `/api/assets/${asset.id}`, { token: token() });
        done = res.body.asset.hasCropped && !res.body.asset.cropPending;
        if (!done) await new Promise((r) => setTimeout(r, 50));
      }
      expect(done).toBe(true);
      const [row] = await api.deps.database.db
        .select()
        .from(events)
        .where(and(eq(events.type, 'asset.updated'), eq(events.entityId, world.entities.orgA.id)));
      expect(row).toBeDefined();
    } finally {
      await pipeline.close();
    }
  });

  it('requests again, through the outbox, a crop whose job was handed over but never done', async () => {
    const lost = await upload(await pngSample(100, 100));
    const db = api.deps.database.db;
    const requested = () =>
      db
        .select()
        .from(events)
        .where(eq(events.type, 'asset.cropRequested'))
        .then((rows) => rows.filter((e) => (e.data as { assetId: number }).assetId === lost.id));
    // Not handed over yet (Redis down): the outbox holds it, nothing is requested twice.
    expect(await redeliverStalledJobs(api.deps, 0)).toBe(0);
    // Handed over, then lost by Redis: requested once more, and not again while that one is fresh.
    await db.update(events).set({ sentAt: new Date(Date.now() - 10 * 60_000) });
    await db
      .update(assets)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(assets.id, lost.id));
    expect(await redeliverStalledJobs(api.deps, 60_000)).toBeGreaterThanOrEqual(1);
    expect((await requested()).map((e) => e.data)).toEqual([
      { assetId: lost.id, cropVersion: 1 },
      { assetId: lost.id, cropVersion: 1 },
    ]);
    expect(await redeliverStalledJobs(api.deps, 60_000)).toBe(0);
    // Rendered: nothing left to redeliver even when its events are old.
    expect(await renderAssetCrop(api.deps, { assetId: lost.id, cropVersion: 1 })).toBe('rendered');
    await db.update(events).set({ sentAt: new Date(Date.now() - 10 * 60_000) });
    expect(await redeliverStalledJobs(api.deps, 60_000)).toBe(0);
    expect(await requested()).toHaveLength(2);
  });
});
