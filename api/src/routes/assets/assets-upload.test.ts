import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../services/asset-files';
import {
  encryptedPdfSample,
  gifSample,
  jpegClaiming,
  jpegWithOrientation,
  pdfSample,
  pngClaiming,
  pngSample,
  svgSample,
  tiffSample,
  webpSample,
  zipSample,
} from '../../test/asset-samples';
import { assetTraces, multipartRequest, type UploadPart, uploadAsset } from '../../test/asset-upload';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
let world: World;

beforeAll(async () => {
  api = await startTestApi();
  world = await createWorld(api.deps);
});
afterAll(() => api?.close());

const original = async (id: number, token: string) => {
  const res = await fetch(`${api.url}/api/assets/${id}/original`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('POST /api/assets/upload with real files', () => {
  it('stores a PNG, recognized by its bytes whatever its name and declared type', async () => {
    const png = await pngSample(640, 480);
    const res = await uploadAsset(api, world.users.moderator.token, world.entities.orgA.id, {
      name: 'holiday.pdf',
      type: 'application/pdf',
      bytes: png,
    });
    expect(res.status).toBe(201);
    expect(res.body.asset).toMatchObject({
      entityId: world.entities.orgA.id,
      name: 'holiday.pdf',
      mime: 'image/png',
      type: 1,
      width: 640,
      height: 480,
      pageCount: 1,
      page: 1,
      scale: 1,
      hasCropped: false,
      cropPending: true,
    });
    expect(res.body.asset.hashid).toHaveLength(20);
    const { res: file, bytes } = await original(res.body.asset.id, world.users.moderator.token);
    expect(file.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 640, 480]);
  });

  it('applies a JPEG EXIF orientation to the pixels and strips the EXIF', async () => {
    const jpeg = await jpegWithOrientation();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const res = await uploadAsset(api, world.users.owner.token, world.entities.groupA.id, {
      name: 'phone.jpg',
      bytes: jpeg,
    });
    expect(res.status).toBe(201);
    expect(res.body.asset).toMatchObject({ mime: 'image/jpeg', width: 200, height: 300 });
    const { bytes } = await original(res.body.asset.id, world.users.owner.token);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      'jpeg',
      200,
      300,
      undefined,
      undefined,
    ]);
  });

  it('stores a WebP', async () => {
    const res = await uploadAsset(api, world.users.administrator.token, world.entities.orgA.id, {
      name: 'a.webp',
      bytes: await webpSample(400, 300),
    });
    expect(res.status).toBe(201);
    expect(res.body.asset).toMatchObject({ mime: 'image/webp', type: 1, width: 400, height: 300 });
  });

  it('stores a PDF with its page count, byte for byte', async () => {
    const pdf = await pdfSample(3);
    const res = await uploadAsset(api, world.users.moderator.token, world.entities.orgA.id, {
      name: 'minutes.pdf',
      bytes: pdf,
    });
    expect(res.status).toBe(201);
    expect(res.body.asset).toMatchObject({
      mime: 'application/pdf',
      type: 2,
      pageCount: 3,
      width: null,
      bytes: pdf.length,
    });
    const { res: file, bytes } = await original(res.body.asset.id, world.users.moderator.token);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(bytes.equals(pdf)).toBe(true);
  });
});

describe('POST /api/assets/upload under a burst', () => {
  it('decodes parallel uploads a few at a time and answers every one', async () => {
    const files = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => pngSample(300 + i, 200)));
    const results = await Promise.all(
      files.map((bytes) => uploadAsset(api, world.users.moderator.token, world.entities.orgA.id, { bytes })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(results.map((r) => r.body.asset.width)).toEqual([301, 302, 303, 304, 305, 306]);
  });
});

describe('POST /api/assets/upload refuses malformed and unwanted uploads', () => {
  const half = (b: Buffer) => b.subarray(0, Math.floor(b.length / 2));
  const pdfZeroPages = async () => {
    const { PDFDocument } = await import('pdf-lib');
    return Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
  };

  type Case = {
    name: string;
    status: number | number[];
    files?: () => Promise<UploadPart[]> | UploadPart[];
    fields?: () => Record<string, string>;
    token?: () => string | undefined;
    code?: string;
  };
  const file = (bytes: Buffer, name = 'upload.png', type = 'image/png'): UploadPart[] => [
    { bytes, name, type },
  ];
  const entityA = () => ({ entity: String(world.entities.orgA.id) });

  const cases: Case[] = [
    { name: 'zero bytes', status: 400, files: () => file(Buffer.alloc(0)) },
    { name: 'PNG cut in half', status: 422, files: async () => file(half(await pngSample())) },
    {
      name: 'PNG signature only',
      status: 422,
      files: () => file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    },
    {
      name: 'PNG cut after its header',
      status: 422,
      files: async () => file((await pngSample()).subarray(0, 33)),
    },
    {
      name: 'JPEG cut in half',
      status: 422,
      files: async () => file(half(await jpegWithOrientation()), 'a.jpg'),
    },
    { name: 'JPEG magic only', status: 422, files: () => file(Buffer.from([0xff, 0xd8, 0xff]), 'a.jpg') },
    {
      name: 'JPEG missing its last bytes',
      status: 422,
      files: async () => {
        const j = await jpegWithOrientation();
        return file(j.subarray(0, j.length - 10), 'a.jpg');
      },
    },
    { name: 'WebP cut in half', status: 422, files: async () => file(half(await webpSample()), 'a.webp') },
    {
      name: 'WebP RIFF header only',
      status: 422,
      files: async () => file((await webpSample()).subarray(0, 12), 'a.webp'),
    },
    {
      name: 'PDF cut in half',
      status: 422,
      files: async () => file(half(await pdfSample(3)), 'a.pdf', 'application/pdf'),
    },
    {
      name: 'PDF header only',
      status: 422,
      files: async () => file((await pdfSample(1)).subarray(0, 20), 'a.pdf', 'application/pdf'),
    },
    {
      name: 'PNG magic then garbage',
      status: 422,
      files: () =>
        file(
          Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.alloc(2000, 7),
          ]),
        ),
    },
    {
      name: 'JPEG magic then garbage',
      status: 422,
      files: () =>
        file(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 3)]), 'a.jpg'),
    },
    {
      name: 'WebP container then garbage',
      status: 422,
      files: () =>
        file(
          Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(500, 9)]),
          'a.webp',
        ),
    },
    {
      name: 'a PDF that is not one',
      status: 422,
      files: () =>
        file(Buffer.from('%PDF-1.7\nthis is just text pretending\n%%EOF\n'), 'a.pdf', 'application/pdf'),
    },
    {
      name: 'a PDF with no pages',
      status: 422,
      files: async () => file(await pdfZeroPages(), 'a.pdf', 'application/pdf'),
    },
    {
      name: 'an encrypted PDF',
      status: 422,
      files: async () => file(await encryptedPdfSample(), 'a.pdf', 'application/pdf'),
    },
    {
      name: 'wrong magic bytes (PNG with its first byte changed)',
      status: 415,
      files: async () => {
        const p = Buffer.from(await pngSample());
        p[0] = 0x88;
        return file(p);
      },
    },
    {
      name: 'a script disguised as an image',
      status: 415,
      files: () =>
        file(
          Buffer.from('<script>fetch("/api/users").then(r=>r.text()).then(alert)</script>'),
          'cat.png',
          'image/png',
        ),
    },
    {
      name: 'HTML',
      status: 415,
      files: () =>
        file(
          Buffer.from('<!doctype html><html><body onload="alert(1)"></body></html>'),
          'page.html',
          'text/html',
        ),
    },
    {
      name: 'SVG (it can carry scripts)',
      status: 415,
      files: () => file(svgSample(), 'logo.svg', 'image/svg+xml'),
    },
    { name: 'a ZIP archive', status: 415, files: () => file(zipSample(), 'a.zip', 'application/zip') },
    {
      name: 'a GIF (not a listed format)',
      status: 415,
      files: () => file(gifSample(), 'a.gif', 'image/gif'),
    },
    { name: 'a TIFF', status: 415, files: async () => file(await tiffSample(), 'a.tif', 'image/tiff') },
    {
      name: 'plain text',
      status: 415,
      files: () => file(Buffer.from('hello world'), 'notes.txt', 'text/plain'),
    },
    {
      name: 'a PDF hidden after leading junk (polyglot)',
      status: 415,
      files: async () =>
        file(Buffer.concat([Buffer.from('GIF89a'), await pdfSample(1)]), 'a.pdf', 'application/pdf'),
    },
    { name: 'a 20,000 x 20,000 pixel PNG', status: 422, files: () => file(pngClaiming(20_000, 20_000)) },
    {
      name: 'a 20,000 x 20,000 pixel JPEG',
      status: 422,
      files: async () => file(await jpegClaiming(20_000, 20_000), 'a.jpg'),
    },
    {
      name: 'one byte over the size limit',
      status: 413,
      files: () =>
        file(
          Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.alloc(MAX_UPLOAD_BYTES - 7),
          ]),
        ),
    },
    {
      name: 'far over the size limit',
      status: 413,
      files: () => file(Buffer.alloc(MAX_UPLOAD_BYTES + 5 * 1024 * 1024, 1)),
    },
    {
      name: 'two files',
      status: 400,
      files: async () => [...file(await pngSample()), ...file(await pngSample())],
    },
    { name: 'no file', status: 400, files: () => [] },
    {
      name: 'the file in another field',
      status: 400,
      files: async () => [{ bytes: await pngSample(), name: 'a.png', field: 'image' }],
    },
    { name: 'a missing entity', status: 400, fields: () => ({}), files: async () => file(await pngSample()) },
    {
      name: 'an entity of another tenant',
      status: 404,
      fields: () => ({ entity: String(world.entities.orgB.id) }),
      files: async () => file(await pngSample()),
    },
    {
      name: 'an entity that does not exist',
      status: 404,
      fields: () => ({ entity: '999999' }),
      files: async () => file(await pngSample()),
    },
    {
      name: 'an entity that is not an id',
      status: 404,
      fields: () => ({ entity: '1 or 1=1' }),
      files: async () => file(await pngSample()),
    },
    {
      name: 'an unknown slot',
      status: 400,
      fields: () => ({ ...entityA(), slot: 'sidebar' }),
      files: async () => file(await pngSample()),
    },
    { name: 'no token', status: 401, token: () => undefined, files: async () => file(await pngSample()) },
    {
      name: 'a forged token',
      status: 401,
      token: () => 'not.a.jwt',
      files: async () => file(await pngSample()),
    },
  ];

  it.each(cases)('$name → 4xx, nothing stored', async (c) => {
    const before = await assetTraces(api);
    const token = c.token ? c.token() : world.users.moderator.token;
    const res = await multipartRequest(api, 'POST', '/api/assets/upload', {
      token,
      fields: c.fields ? c.fields() : entityA(),
      files: c.files ? await c.files() : [],
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBe(c.status);
    expect(res.body.error.code).toBeTypeOf('string');
    const after = await assetTraces(api);
    expect(after.rows).toBe(before.rows);
    expect(after.stored).toEqual(before.stored);
    expect(after.temp).toEqual([]);
  });

  it('refuses a body that is not multipart, and a broken multipart body', async () => {
    const json = await api.request('POST', '/api/assets/upload', {
      token: world.users.moderator.token,
      body: { entity: 1 },
    });
    expect(json.status).toBe(415);
    const broken = await fetch(`${api.url}/api/assets/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.users.moderator.token}`,
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot finished',
    });
    expect(broken.status).toBe(400);
    expect((await assetTraces(api)).temp).toEqual([]);
  });

  it('refuses uploads from a display token', async () => {
    const token = await api.deps.tokens.signDisplay(world.entities.displayA.id, 0);
    const res = await uploadAsset(api, token, world.entities.orgA.id, { bytes: await pngSample() });
    expect([401, 403]).toContain(res.status);
  });
});
