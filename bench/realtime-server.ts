// Child process of the realtime bench: the API and the outbox relay on PostgreSQL and Redis (the
// gateway runs in a process of its own, bench/gateway-process.ts), with one organization holding
// two groups of screens: group A with the first 1,000 displays, group B with the rest. A write on
// group A reaches 1,000 screens, one on the organization every screen. Talks to the bench over IPC.
import { LISTEN_BACKLOG } from '@oppslag/api/http';
import { createEntity, createTestBackend, createUser, entities, grant } from '@oppslag/api/testing';
import { composeServer } from '@oppslag/stack';
import { sharedBackendEnv } from './lib/ipc';

const DISPLAYS = Number(process.env.BENCH_DISPLAYS ?? 1000);
const GROUP_A = Math.min(DISPLAYS, Number(process.env.BENCH_GROUP_A ?? 1000));

const backend = await createTestBackend({ dataDirPrefix: 'oppslag-bench-' });
const { deps } = backend;
const composed = await composeServer(deps, { api: true, worker: 'relay', sweepMs: 200 });
await new Promise<void>((resolve) =>
  composed.server.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG }, resolve),
);
const url = `http://127.0.0.1:${(composed.server.address() as { port: number }).port}`;

const root = await createEntity(deps, { name: 'System', type: 'system' });
const org = await createEntity(deps, {
  name: 'Bench housing association',
  type: 'organization',
  parentId: root.id,
});
const groupA = await createEntity(deps, { name: 'Group A', type: 'group', parentId: org.id });
const groupB = await createEntity(deps, { name: 'Group B', type: 'group', parentId: org.id });
const owner = await createUser(deps, { email: 'bench-owner@example.com' });
await grant(deps, owner.id, org.id, 'owner');
const ids: number[] = [];
for (let i = 0; i < DISPLAYS; i += 1000) {
  const rows = await deps.database.db
    .insert(entities)
    .values(
      Array.from({ length: Math.min(1000, DISPLAYS - i) }, (_, k) => ({
        name: `Screen ${i + k + 1}`,
        type: 'display' as const,
        parentId: i + k < GROUP_A ? groupA.id : groupB.id,
      })),
    )
    .returning({ id: entities.id });
  ids.push(...rows.map((r) => r.id));
}
const displayTokens = await Promise.all(ids.map((id) => deps.tokens.signDisplay(id, 0)));

process.on('message', async (msg: { type: string; id: number }) => {
  const reply = (body: unknown) => process.send?.({ id: msg.id, body });
  if (msg.type === 'cpu') reply(process.cpuUsage());
  else if (msg.type === 'close') {
    await composed.close();
    await backend.dispose();
    reply(true);
    process.exit(0);
  }
});
process.send?.({
  id: 0,
  body: {
    url,
    orgId: org.id,
    groupAId: groupA.id,
    groupA: GROUP_A,
    ownerToken: owner.token,
    displayTokens,
    // What the gateway process needs to run on the same database, Redis prefix and secrets.
    gatewayEnv: sharedBackendEnv(backend),
  },
});
