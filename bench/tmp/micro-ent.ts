import { entities } from '@oppslag/api/core';
import { createUser, grant, startTestApi } from '@oppslag/api/testing';
import { formatResult, runLoad } from '../lib/load';
import { profiled } from '../lib/profile';

const api = await startTestApi({ env: { NODE_ENV: 'production', PASSWORD_HASH_COST: 'strong' } });
const db = api.deps.database.db;
const [root] = await db.insert(entities).values({ name: 'R', type: 'system' }).returning();
const groups = await db
  .insert(entities)
  .values(Array.from({ length: 9 }, (_, i) => ({ name: `G${i}`, type: 'group' as const, parentId: root.id })))
  .returning();
await db
  .insert(entities)
  .values(
    Array.from({ length: 190 }, (_, i) => ({
      name: `Skjerm ${i}`,
      type: 'display' as const,
      parentId: groups[i % 9].id,
      apiKey: `k${i}`,
      displayInformation: 'Velkommen! Se oppslagene under for beskjeder fra styret.',
    })),
  );
const owner = await createUser(api.deps, { email: 'o@example.com' });
await grant(api.deps, owner.id, root.id, 'owner');
const h = { authorization: `Bearer ${owner.token}` };
for (const path of (process.argv[2] ?? '/api/auth/me,/api/entities').split(',')) {
  const r = await profiled(`micro${path}`, () =>
    runLoad({ url: api.url + path, headers: h, connections: 10, durationMs: 3000, warmupMs: 1000 }),
  );
  console.log(formatResult(path, r));
}
await api.close();
