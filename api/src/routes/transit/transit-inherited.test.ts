import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransitStops } from '../../services/display-manifest.service';
import { loadChain } from '../../services/entity-chain.service';
import { createUser, createWorld, grant, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Issue 31 item 8: the settings card said "no stops yet" for an entity whose screens show its
 * organization's departures. The list, asked with includeInherited, answers what the screens show.
 */
describe('transit stops an entity inherits', () => {
  let api: TestApi;
  let world: World;
  let displayOnly: string;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    const user = await createUser(api.deps, { email: 'display-owner@example.com' });
    await grant(api.deps, user.id, world.entities.displayA.id, 'owner');
    displayOnly = user.token;
    const admin = world.users.administrator.token;
    const add = (entityId: number, stopId: string, label: string) =>
      api.request('POST', `/api/entities/${entityId}/transit-stops`, {
        token: admin,
        body: { stopId, label },
      });
    await add(world.entities.orgA.id, 'NSR:StopPlace:337', 'Oslo S');
    await add(world.entities.orgA.id, 'NSR:StopPlace:58366', 'Jernbanetorget (org)');
    await add(world.entities.groupA.id, 'NSR:StopPlace:1', 'Gruppeholdeplass');
    await add(world.entities.displayA.id, 'NSR:StopPlace:58366', 'Jernbanetorget (skjerm)');
  });
  afterAll(async () => {
    await api.close();
  });

  const list = (entityId: number, token: string, query = '?includeInherited=true') =>
    api.request('GET', `/api/entities/${entityId}/transit-stops${query}`, { token });

  it('lists the own stops, then each ancestor’s nearest first, each stop once, naming the ancestor', async () => {
    const res = await list(world.entities.displayA.id, displayOnly);
    expect(res.status).toBe(200);
    const { groupA, orgA, displayA } = world.entities;
    expect(
      res.body.map((s: { stopId: string; label: string; inheritedFrom?: unknown }) => [
        s.label,
        s.inheritedFrom,
      ]),
    ).toEqual([
      ['Jernbanetorget (skjerm)', undefined],
      ['Gruppeholdeplass', { id: groupA.id, name: 'Group A' }],
      ['Oslo S', { id: orgA.id, name: 'Org A' }],
    ]);
    expect(res.body[0].entityId).toBe(displayA.id);
    // Without the flag the answer stays the entity's own stops.
    const own = await list(displayA.id, displayOnly, '');
    expect(own.body.map((s: { label: string }) => s.label)).toEqual(['Jernbanetorget (skjerm)']);
    expect((await list(displayA.id, displayOnly, '?includeInherited=maybe')).status).toBe(400);
  });

  it('lists the stops the screens’ manifest carries, in its order', async () => {
    const res = await list(world.entities.displayA.id, displayOnly);
    const chain = await loadChain(api.deps.database.db, world.entities.displayA.id);
    const manifest = await chainTransitStops(api.deps.database.db, chain ?? []);
    expect(manifest.length).toBe(3);
    expect(res.body.map((s: { id: number }) => s.id)).toEqual(manifest.map((s) => s.id));
  });

  it('reveals an ancestor’s stops only through an entity they apply to that the caller can read', async () => {
    // Unreadable entities answer 404 (their existence is not revealed). The display's owner reads the organization's stops on the display, not on the organization.
    expect((await list(world.entities.orgA.id, displayOnly)).status).toBe(404);
    expect((await list(world.entities.groupA.id, displayOnly, '')).status).toBe(404);
    // Another organization's owner reads neither.
    expect((await list(world.entities.displayA.id, world.users.sibling.token)).status).toBe(404);
    // The organization lists its own stops and nothing from above.
    const org = await list(world.entities.orgA.id, world.users.moderator.token);
    expect(org.body.every((s: { inheritedFrom?: unknown }) => s.inheritedFrom === undefined)).toBe(true);
    expect(org.body).toHaveLength(2);
  });
});
