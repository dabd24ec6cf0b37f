import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseStorage } from '../../lib/storage';
import { pngSample } from '../../test/asset-samples';
import { assetTraces, uploadAsset } from '../../test/asset-upload';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
let world: World;

beforeAll(async () => {
  api = await startTestApi({ env: { ASSET_STORAGE: 'database' } });
  world = await createWorld(api.deps);
});
afterAll(() => api?.close());

async function storedFiles(): Promise<number> {
  const result = await api.deps.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from asset_files`,
  );
  const rows =
    (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
  return Number(rows[0].n);
}

describe('assets with ASSET_STORAGE=database', () => {
  it('keeps files in PostgreSQL, so every replica serves them', async () => {
    expect(api.deps.storage).toBeInstanceOf(DatabaseStorage);
    const res = await uploadAsset(api, world.users.moderator.token, world.entities.orgA.id, {
      bytes: await pngSample(120, 80),
    });
    expect(res.status).toBe(201);
    expect(await storedFiles()).toBe(1);
    const file = await fetch(`${api.url}/api/assets/${res.body.asset.id}/original`, {
      headers: { authorization: `Bearer ${world.users.moderator.token}` },
    });
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 80]);
    expect((await assetTraces(api)).stored).toEqual([]);
  });

  it('leaves no file behind when an upload is refused', async () => {
    const before = await storedFiles();
    const truncated = (await pngSample()).subarray(0, 100);
    const res = await uploadAsset(api, world.users.moderator.token, world.entities.orgA.id, {
      bytes: truncated,
    });
    expect(res.status).toBe(422);
    expect(await storedFiles()).toBe(before);
    expect((await assetTraces(api)).temp).toEqual([]);
  });
});
