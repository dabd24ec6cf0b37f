// The upgrade drill: installations made and lived in by earlier builds (./upgrade-fixtures: the demo
// seeded by that build's `npm start`, its SMS routed, a screen registered), then today's code starts
// on them, on PostgreSQL and on PGlite. Everything is still there, signs in, and screens keep their
// keys; nothing is asked again (the system stays installed).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFromSql } from '../test/database-from-sql';
import { startTestApi, type TestApi } from '../test/harness';
import type { Database } from './client';
import { rowsOf } from './rows';

interface DumpInfo {
  commit: string;
  displays: Record<string, [string, string]>;
}
const fixtures = new URL('./upgrade-fixtures/', import.meta.url);
const dumps = Object.entries(
  (JSON.parse(readFileSync(new URL('demo.json', fixtures), 'utf8')) as { dumps: Record<string, DumpInfo> })
    .dumps,
);

/** Rows per table of the product's schema: an upgrade may add, never lose. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rowsOf<{ table_name: string }>(tables)) {
    const result = await database.db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from "${table_name}"`),
    );
    counts[table_name] = Number(rowsOf<{ n: number }>(result)[0]?.n);
  }
  return counts;
}

const running: TestApi[] = [];
afterAll(async () => {
  await Promise.all(running.map((api) => api.close()));
});

describe.each(dumps)('an installation made by %s', (file, info) => {
  it.each(['pg', 'pglite'] as const)(
    "starts on today's code with everything kept (%s)",
    async (driver) => {
      const db = await databaseFromSql(
        gunzipSync(readFileSync(new URL(file, fixtures))).toString('utf8'),
        driver,
      );
      const before = await rowCounts(db.database);
      const notesBefore = rowsOf<{ text: string }>(
        await db.database.db.execute(sql`select text from notes order by id`),
      );
      expect(before.notes).toBeGreaterThan(0);
      expect(before.sms_messages).toBeGreaterThan(0);
      expect(before.history).toBeGreaterThan(0);

      // Started as `npm start` does: migrations first (createDeps with migrate), then the API.
      const api = await startTestApi({ db, env: { ASSET_STORAGE: 'database' } });
      running.push(api);
      const after = await rowCounts(api.deps.database);
      for (const [table, n] of Object.entries(before))
        expect({ table, n: after[table] }).toEqual({ table, n });

      // What screens showed stays on them: each entity holding banners now has its banner switch on
      // (0002), and no other entity was switched.
      const switched = rowsOf<{ id: number }>(
        await api.deps.database.db.execute(
          sql`select id from entities where features ? 'banner' order by id`,
        ),
      );
      const holders = rowsOf<{ id: number }>(
        await api.deps.database.db.execute(
          sql`select distinct entity_id as id from contents where slot = 'banner' order by 1`,
        ),
      );
      expect(switched.map((r) => Number(r.id))).toEqual(holders.map((r) => Number(r.id)));
      expect(holders.length).toBeGreaterThan(0);

      // Installed: the console does not ask to install again.
      expect((await api.request('GET', '/api/status')).body.status).toBe('online');
      // Members sign in with the passwords they had.
      const login = await api.request('POST', '/api/authentication/login', {
        body: { email: 'eier@solbakken.no', password: 'demo-owner' },
      });
      expect(login.status).toBe(200);
      const orgs = await api.request('GET', '/api/entities', { token: login.body.token });
      const org = orgs.body.find((e: { type: string }) => e.type === 'organization');
      const notes = await api.request('GET', `/api/content/${org.id}/note`, { token: login.body.token });
      expect(notes.status).toBe(200);
      const listed = new Set(notes.body.map((n: { text: string }) => n.text));
      expect(notesBefore.filter((n) => listed.has(n.text)).length).toBeGreaterThan(0);
      const history = await api.request('GET', `/api/entities/${org.id}/history`, {
        token: login.body.token,
      });
      expect(history.status).toBe(200);
      expect(JSON.stringify(history.body).length).toBeGreaterThan(100);

      // The screen keeps its key: it registers, gets its board, and its banner images load.
      const [displayId, apiKey] = info.displays['Inngang Blokk A'] as [string, string];
      const reg = await api.request('POST', '/api/display/register', { body: { displayId, apiKey } });
      expect(reg.status).toBe(200);
      const content = await api.request('GET', '/api/display/content', { token: reg.body.token });
      expect(content.status).toBe(200);
      expect(content.body.notes.length).toBeGreaterThan(0);
      const withImage = content.body.banners.find(
        (b: { asset?: { croppedUrl?: string } }) => b.asset?.croppedUrl,
      );
      const image = await fetch(`${api.url}/api${withImage.asset.croppedUrl}`, {
        headers: { authorization: `Bearer ${reg.body.token}` },
      });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      // The bytes the earlier build stored for that image, read beside the API, not through it.
      const id = Number(/\/assets\/(\d+)\/cropped/.exec(withImage.asset.croppedUrl)?.[1]);
      const stored = rowsOf<{ bytes: number }>(
        await db.database.db.execute(
          sql`select f.bytes from assets a join asset_files f on f.key = a.cropped_key where a.id = ${id}`,
        ),
      );
      expect(stored).toHaveLength(1);
      expect((await image.arrayBuffer()).byteLength).toBe(stored[0]?.bytes);
    },
    180_000,
  ); // a new PGlite runs initdb in WebAssembly: over a minute on a loaded 2-core run
});
