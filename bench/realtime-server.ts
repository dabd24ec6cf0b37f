// Child process of bench/realtime.bench.ts: the API, the outbox relay and the realtime gateway on
// PostgreSQL and Redis, in a process of its own so its CPU time and heap are measured apart from
// the 1,000 clients. Talks to the parent over IPC.
import { entities } from '@oppslag/api/core';
import { createEntity, createUser, grant } from '@oppslag/api/testing';
import { startTestStack } from '@oppslag/stack/testing';

const DISPLAYS = Number(process.env.BENCH_DISPLAYS ?? 1000);

const stack = await startTestStack({ worker: 'relay' });
const { deps } = stack;
const root = await createEntity(deps, { name: 'System', type: 'system' });
const org = await createEntity(deps, {
  name: 'Bench housing association',
  type: 'organization',
  parentId: root.id,
});
const owner = await createUser(deps, { email: 'bench-owner@example.com' });
await grant(deps, owner.id, org.id, 'owner');
const rows = await deps.database.db
  .insert(entities)
  .values(
    Array.from({ length: DISPLAYS }, (_, i) => ({
      name: `Screen ${i + 1}`,
      type: 'display' as const,
      parentId: org.id,
    })),
  )
  .returning({ id: entities.id });
const displayTokens = await Promise.all(rows.map((r) => deps.tokens.signDisplay(r.id, 0)));

const gc = (globalThis as { gc?: () => void }).gc;
const heapUsed = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

process.on('message', async (msg: { type: string; id: number }) => {
  const reply = (body: unknown) => process.send?.({ id: msg.id, body });
  if (msg.type === 'cpu') reply(process.cpuUsage());
  else if (msg.type === 'heap') reply(heapUsed());
  else if (msg.type === 'sockets') reply(stack.composed.realtime?.io.of('/').sockets.size ?? 0);
  else if (msg.type === 'close') {
    await stack.close();
    reply(true);
    process.exit(0);
  }
});
process.send?.({ id: 0, body: { url: stack.url, orgId: org.id, ownerToken: owner.token, displayTokens } });
