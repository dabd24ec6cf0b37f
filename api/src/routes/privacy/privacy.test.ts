import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, notes, smsMessages, smsOptOuts, smsOutbound } from '../../db/schema/index';
import { unitOfWork } from '../../db/unit-of-work';
import { optIn, optOut, queueSms, smsScopeOf } from '../../services/sms-outbound.service';
import { expireSmsData, optOutHash, optOutRef } from '../../services/sms-privacy.service';
import { createUser, createWorld, grant, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * A resident's data (issue 28 item 9): the superadmin reads everything stored about a number and
 * erases it through the real routes; STOP survives the erasure as a hash and still stops the
 * outbound pipeline; SMS past SMS_RETENTION_DAYS lose number and text while their notes stay.
 */
const NUMBER = '004791234567';
const E164 = '+4791234567';
const NOW = new Date('2026-06-01T10:00:00.000Z');
const DAY = 86_400_000;

describe('privacy requests about a phone number', () => {
  let api: TestApi;
  let world: World;
  let noteId: number;
  beforeAll(async () => {
    api = await startTestApi();
    api.setNow(NOW);
    world = await createWorld(api.deps);
    const db = api.deps.database.db;
    const [note] = await db
      .insert(notes)
      .values({ entityId: world.entities.orgA.id, text: '<p>Heisen står</p>', date: NOW, source: 'sms' })
      .returning();
    noteId = note.id;
    await db.insert(smsMessages).values([
      {
        provider: 'generic',
        providerMessageId: 'p1',
        from: NUMBER,
        text: 'orga Heisen står',
        raw: { from: NUMBER },
        status: 'routed',
        entityId: world.entities.orgA.id,
        noteId,
      },
      {
        provider: 'generic',
        providerMessageId: 'p2',
        from: '004798888888',
        text: 'orga Andre',
        raw: {},
        status: 'routed',
      },
    ]);
    await db.insert(smsOutbound).values({
      idempotencyKey: 'reply:1',
      kind: 'reply',
      to: NUMBER,
      text: 'Takk, meldingen er mottatt',
      status: 'sent',
    });
    await db.transaction((tx) => optOut(tx, NUMBER, NOW));
  });
  afterAll(() => api.close());

  const path = `/api/privacy/phone/${encodeURIComponent(E164)}`;

  it('only the superadmin reads or erases, and the number must be E.164', async () => {
    for (const user of [world.users.owner, world.users.administrator, world.users.moderator]) {
      expect((await api.request('GET', path, { token: user.token })).status).toBe(403);
      expect((await api.request('DELETE', path, { token: user.token })).status).toBe(403);
    }
    expect((await api.request('GET', path)).status).toBe(401);
    const bad = await api.request('GET', '/api/privacy/phone/91234567', {
      token: world.users.superadmin.token,
    });
    expect(bad.status).toBe(404); // a path parameter that is not E.164 names nothing
  });

  it('GET answers everything stored about the number and records the look-up by hash', async () => {
    const res = await api.request('GET', path, { token: world.users.superadmin.token });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe(NUMBER);
    expect(res.body.inbound.map((m: { text: string }) => m.text)).toEqual(['orga Heisen står']);
    expect(res.body.outbound.map((m: { text: string }) => m.text)).toEqual(['Takk, meldingen er mottatt']);
    expect(res.body.notesFromSms).toEqual([
      expect.objectContaining({ id: noteId, text: '<p>Heisen står</p>' }),
    ]);
    expect(res.body.stop).not.toBeNull();
    const rows = await api.deps.database.db
      .select()
      .from(history)
      .where(eq(history.action, 'privacy.phoneExported'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain('91234567');
    expect(rows[0].actorId).toBe(world.users.superadmin.id);
  });

  it('DELETE blanks number and texts, keeps STOP as a hash that still stops SMS, and START lifts it', async () => {
    const res = await api.request('DELETE', path, { token: world.users.superadmin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ erased: true, inbound: 1, outbound: 1, stopKept: true });
    const db = api.deps.database.db;
    const dump = JSON.stringify({
      inbound: await db.select().from(smsMessages),
      outbound: await db.select().from(smsOutbound),
      stop: await db.select().from(smsOptOuts),
      history: await db.select().from(history),
    });
    expect(dump).not.toContain('91234567');
    expect(dump).not.toContain('Heisen står</');
    expect(dump).toContain('004798888888'); // another resident's SMS is untouched
    expect(await db.select().from(smsOptOuts)).toEqual([
      expect.objectContaining({ number: optOutHash(NUMBER) }),
    ]);
    // The note the board made from the SMS stays.
    expect((await db.select().from(notes).where(eq(notes.id, noteId)))[0]?.text).toBe('<p>Heisen står</p>');
    // STOP keeps working: a new reply to the number is suppressed by the hash.
    const scope = await smsScopeOf(db, [world.entities.root.id, world.entities.orgA.id]);
    const again = await unitOfWork(api.deps, (tx) =>
      queueSms(
        tx,
        { key: 'reply:after-erase', kind: 'reply_published', to: NUMBER, text: 'Hei', scope },
        NOW,
      ),
    );
    expect(again).toMatchObject({ status: 'suppressed', reason: 'opted_out' });
    expect(await db.transaction((tx) => optIn(tx, NUMBER))).toBe(true);
    expect(await db.select().from(smsOptOuts)).toEqual([]);
    const erasedRows = await db.select().from(history).where(eq(history.action, 'privacy.phoneErased'));
    expect(erasedRows).toHaveLength(1);
  });
});

describe('SMS_RETENTION_DAYS', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_RETENTION_DAYS: '30' } });
  });
  afterAll(() => api.close());

  it('blanks number and text of SMS older than the limit, keeps newer ones and queued ones', async () => {
    const db = api.deps.database.db;
    expect(api.deps.config.smsRetentionDays).toBe(30);
    const old = new Date(NOW.getTime() - 31 * DAY);
    const fresh = new Date(NOW.getTime() - 29 * DAY);
    await db.insert(smsMessages).values([
      {
        provider: 'generic',
        providerMessageId: 'old',
        from: '004791111111',
        text: 'gammel',
        raw: { a: 1 },
        receivedAt: old,
      },
      {
        provider: 'generic',
        providerMessageId: 'new',
        from: '004792222222',
        text: 'ny',
        raw: {},
        receivedAt: fresh,
      },
    ]);
    await db.insert(smsOutbound).values([
      {
        idempotencyKey: 'o1',
        kind: 'reply',
        to: '004791111111',
        text: 'svar gammel',
        status: 'sent',
        createdAt: old,
      },
      {
        idempotencyKey: 'o2',
        kind: 'reply',
        to: '004793333333',
        text: 'venter',
        status: 'queued',
        createdAt: old,
      },
      {
        idempotencyKey: 'o3',
        kind: 'reply',
        to: '004792222222',
        text: 'svar ny',
        status: 'sent',
        createdAt: fresh,
      },
    ]);
    expect(await expireSmsData(api.deps, api.deps.config.smsRetentionDays, NOW)).toEqual({
      inbound: 1,
      outbound: 1,
      codes: 0,
    });
    const inbound = await db.select().from(smsMessages).orderBy(smsMessages.id);
    expect(inbound.map((m) => [m.from, m.text])).toEqual([
      ['', ''],
      ['004792222222', 'ny'],
    ]);
    const outbound = await db.select().from(smsOutbound).orderBy(smsOutbound.id);
    expect(outbound.map((m) => [m.to, m.text])).toEqual([
      ['', ''],
      ['004793333333', 'venter'],
      ['004792222222', 'svar ny'],
    ]);
    // A second run finds nothing left to blank.
    expect(await expireSmsData(api.deps, 30, NOW)).toEqual({ inbound: 0, outbound: 0, codes: 0 });
  });
});

describe("the board's STOP list", () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    world = await createWorld(api.deps);
    const db = api.deps.database.db;
    const { orgA, orgB, displayA } = world.entities;
    await db.insert(smsMessages).values([
      {
        provider: 'generic',
        providerMessageId: 's1',
        from: '004791000001',
        text: 'x',
        raw: {},
        entityId: displayA.id,
      },
      {
        provider: 'generic',
        providerMessageId: 's2',
        from: '004791000002',
        text: 'y',
        raw: {},
        entityId: orgB.id,
      },
      {
        provider: 'generic',
        providerMessageId: 's3',
        from: '004791000003',
        text: 'z',
        raw: {},
        entityId: orgA.id,
      },
    ]);
    await db.transaction(async (tx) => {
      await optOut(tx, '004791000001', NOW);
      await optOut(tx, '004791000002', NOW);
    });
  });
  afterAll(() => api.close());

  it("lists, masked, the numbers that sent STOP and wrote to the board's organization; the board lifts one", async () => {
    const { orgA, groupA } = world.entities;
    const list = await api.request('GET', `/api/entities/${orgA.id}/sms-opt-outs`, {
      token: world.users.owner.token,
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        ref: expect.stringMatching(/^[0-9a-f]{64}$/),
        number: '+47 •••••• 01',
        optedOutAt: NOW.toISOString(),
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('91000001');
    // A role only below the organization sees no residents' numbers.
    const groupAdmin = await createUser(api.deps, {
      email: 'gruppe@example.com',
      password: 'group-admin-password',
    });
    await grant(api.deps, groupAdmin.id, groupA.id, 'administrator');
    expect(
      (await api.request('GET', `/api/entities/${groupA.id}/sms-opt-outs`, { token: groupAdmin.token }))
        .status,
    ).toBe(404);
    // Another organization's STOP cannot be lifted from here.
    const other = optOutRef('004791000002');
    expect(
      (
        await api.request('DELETE', `/api/entities/${orgA.id}/sms-opt-outs/${other}`, {
          token: world.users.owner.token,
        })
      ).status,
    ).toBe(404);
    const lift = await api.request('DELETE', `/api/entities/${orgA.id}/sms-opt-outs/${list.body[0].ref}`, {
      token: world.users.owner.token,
    });
    expect(lift.status).toBe(200);
    const db = api.deps.database.db;
    expect((await db.select().from(smsOptOuts)).map((o) => o.number)).toEqual(['004791000002']);
    const rows = await db.select().from(history).where(eq(history.action, 'privacy.stopLifted'));
    expect(rows).toEqual([expect.objectContaining({ entityId: orgA.id, actorId: world.users.owner.id })]);
    expect(JSON.stringify(rows)).not.toContain('91000001');
  });
});
