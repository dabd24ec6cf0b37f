import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rowsOf } from '../db/rows';
import { assets } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { croppedKeyFor } from '../presenters/asset.presenter';
import type { TestApi } from './harness';

export interface UploadPart {
  name?: string;
  bytes: Buffer;
  type?: string;
  field?: string;
}

/** Sends a multipart upload the way a browser does (FormData), returning status and JSON body. */
export async function multipartRequest(
  api: TestApi,
  method: 'POST' | 'PUT',
  path: string,
  opts: { token?: string; fields?: Record<string, string>; files?: UploadPart[] },
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on the JSON body field by field
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(opts.fields ?? {})) form.append(key, value);
  for (const file of opts.files ?? []) {
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'upload.bin',
    );
  }
  const res = await fetch(api.url + path, {
    method,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep text */
  }
  return { status: res.status, body, headers: res.headers };
}

export const uploadAsset = (api: TestApi, token: string, entityId: number, file: UploadPart) =>
  multipartRequest(api, 'POST', '/api/assets/upload', {
    token,
    fields: { entity: String(entityId) },
    files: [file],
  });

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

/** What an upload can leave behind: rows, stored files, temporary files. */
export async function assetTraces(api: TestApi): Promise<{ rows: number; stored: string[]; temp: string[] }> {
  const result = await api.deps.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from assets`,
  );
  const rows = rowsOf<{ n: number }>(result)[0].n;
  return {
    rows: Number(rows),
    stored: listFiles(join(api.deps.config.dataDir, 'assets')),
    temp: listFiles(join(api.deps.config.dataDir, 'tmp')),
  };
}

/**
 * An asset row with its original and a cropped rendition stored, inserted directly (no upload),
 * for tests of the routes that read or change an existing asset.
 */
export async function insertAsset(deps: AppDeps, entityId: number): Promise<{ id: number }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4477aa' } })
    .png()
    .toBuffer();
  const webp = await sharp(png).webp().toBuffer();
  const storageKey = `originals/${randomUUID()}.png`;
  await deps.storage.put(storageKey, png);
  const [row] = await deps.database.db
    .insert(assets)
    .values({
      entityId,
      name: 'fixture.png',
      mime: 'image/png',
      bytes: png.length,
      type: 1,
      width: 64,
      height: 64,
      storageKey,
      cropVersion: 1,
    })
    .returning();
  const croppedKey = croppedKeyFor(row.id, 1);
  await deps.storage.put(croppedKey, webp);
  await deps.database.db.update(assets).set({ croppedKey, hasCropped: true }).where(eq(assets.id, row.id));
  return { id: row.id };
}

/** A multipart body with one small PNG in `file` and the given fields. */
export async function pngForm(fields: Record<string, string> = {}): Promise<FormData> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa7744' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'matrix.png');
  return form;
}
