import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, smsCapNotices } from '../../db/schema/index';
import { osloDay } from '../../services/sms-outbound.service';
import { createUser, createWorld, grant, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Residents' numbers and texts only for those who need them (issue 28 item 4, docs/security.md
 * "Residents' numbers"): an administrator of a group of screens below an organization gets 404 on
 * the organization, and now also on its SMS usage and its residents' pending SMS; the board sees
 * its usage with numbers masked.
 */
const NOW = new Date('2026-06-01T10:00:00.000Z');

describe("residents' SMS data follows who may read the organization", () => {
  let api: TestApi;
  let world: World;
  let groupAdmin: { id: number; token: string };
  beforeAll(async () => {
    api = await startTestApi();
    api.setNow(NOW);
    world = await createWorld(api.deps);
    groupAdmin = await createUser(api.deps, {
      email: 'gruppe@example.com',
      password: 'group-admin-password',
    });
    await grant(api.deps, groupAdmin.id, world.entities.groupA.id, 'administrator');
    const db = api.deps.database.db;
    await db.insert(smsCapNotices).values({
      organizationId: world.entities.orgA.id,
      period: `daily:004791234567:${osloDay(NOW).label}`,
    });
    await db.insert(notes).values([
      {
        entityId: world.entities.orgA.id,
        text: '<p>Naboen spiller høy musikk</p>',
        date: NOW,
        source: 'sms',
      },
      {
        entityId: world.entities.orgA.id,
        text: '<p>Dugnad på lørdag</p>',
        date: NOW,
        source: 'sms',
        approved: true,
      },
    ]);
  });
  afterAll(() => api.close());

  const notesOf = async (token: string, entityId: number, query: string) => {
    const res = await api.request('GET', `/api/content/${entityId}/note?${query}`, { token });
    expect(res.status).toBe(200);
    return (res.body as { text: string }[]).map((n) => n.text);
  };

  it('a group administrator gets 404 on the organization and on its SMS usage', async () => {
    const { orgA, groupA } = world.entities;
    expect((await api.request('GET', `/api/entities/${orgA.id}`, { token: groupAdmin.token })).status).toBe(
      404,
    );
    expect(
      (await api.request('GET', `/api/entities/${groupA.id}/sms-usage`, { token: groupAdmin.token })).status,
    ).toBe(404);
  });

  it("the board sees the usage with the resident's number masked", async () => {
    for (const user of [world.users.owner, world.users.administrator, world.users.superadmin]) {
      const res = await api.request('GET', `/api/entities/${world.entities.orgA.id}/sms-usage`, {
        token: user.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.dailyLimitReached).toEqual(['+47 •••••• 67']);
      expect(JSON.stringify(res.body)).not.toContain('91234567');
    }
  });

  it("a group administrator sees the organization's published SMS notes, not the pending ones", async () => {
    const { orgA, groupA } = world.entities;
    const below = await notesOf(groupAdmin.token, groupA.id, 'includeParents=true&approved=all');
    expect(below).toContain('<p>Dugnad på lørdag</p>');
    expect(below).not.toContain('<p>Naboen spiller høy musikk</p>');
    // The organization's moderators moderate them, so they see them.
    const board = await notesOf(world.users.moderator.token, orgA.id, 'approved=false');
    expect(board).toContain('<p>Naboen spiller høy musikk</p>');
  });
});
