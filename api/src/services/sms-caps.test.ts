import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entities,
  events,
  permissions,
  smsCapNotices,
  smsOptOuts,
  smsOutbound,
  users,
} from '../db/schema/index';
import { createTestDatabase, type TestDatabase } from '../test/harness';
import { testWork } from '../test/work';
import { optIn, optOut, type QueueSmsInput, queueSms, type SmsScope, smsUsage } from './sms-outbound.service';

/**
 * The SMS caps (sms spec: STOP, the per-number daily reply limit, the organization's monthly budget)
 * decided by `queueSms`, against PostgreSQL with no server around it. Limits are typed in per test
 * organization, and the instants are fixed: Oslo is UTC+1 in March, so its day starts at 23:00 UTC.
 */
const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('SMS caps (queueSms)', () => {
  let db: TestDatabase;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  const queue = (input: Omit<QueueSmsInput, 'key'> & { key?: string }, now = NOW) =>
    testWork(db, (tx) => queueSms(tx, { key: `k${++n}`, ...input }, now));
  /** An organization with its own caps and, optionally, a notification member with a phone. */
  const organization = async (caps: { dailyLimit: number; budget: number }, memberPhone?: string) => {
    const d = db.database.db;
    const [org] = await d
      .insert(entities)
      .values({
        name: `Org ${++n}`,
        type: 'organization',
        smsDailyReplyLimit: caps.dailyLimit,
        smsMonthlyBudget: caps.budget,
      })
      .returning();
    let memberId: number | null = null;
    if (memberPhone) {
      const [user] = await d
        .insert(users)
        .values({ email: `m${++n}@example.com`, phoneNumber: memberPhone, phoneVerifiedAt: new Date() })
        .returning();
      await d
        .insert(permissions)
        .values({ entityId: org.id, userId: user.id, role: 'owner', smsNotifications: true });
      memberId = user.id;
    }
    const scope: SmsScope = {
      entityId: org.id,
      organization: { id: org.id, name: org.name, dailyLimit: caps.dailyLimit, budget: caps.budget },
    };
    return { org, scope, memberId };
  };
  const statuses = (results: { status: string; reason?: string }[]) =>
    results.map((r) => (r.status === 'suppressed' ? `suppressed:${r.reason}` : r.status));
  const noScope: SmsScope = { entityId: null, organization: null };

  it('records a message once per key, with its event for the relay', async () => {
    const { scope } = await organization({ dailyLimit: 5, budget: 100 });
    const first = await queue({
      key: 'reply:1',
      kind: 'reply_published',
      to: '004790001001',
      text: 'Takk',
      scope,
    });
    expect(first.status).toBe('queued');
    const again = await queue({
      key: 'reply:1',
      kind: 'reply_published',
      to: '004790001001',
      text: 'Takk',
      scope,
    });
    expect(again).toEqual({ status: 'duplicate', id: first.id });
    const rows = await db.database.db
      .select()
      .from(smsOutbound)
      .where(eq(smsOutbound.idempotencyKey, 'reply:1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'queued',
      reason: null,
      organizationId: scope.entityId,
      createdAt: NOW,
    });
    const recorded = await db.database.db.select().from(events).where(eq(events.type, 'sms.outboundQueued'));
    expect(recorded.map((e) => e.data)).toContainEqual({ outboundId: first.id });
  });

  it('sends nothing to a number that sent STOP, whatever the kind, and keeps the message with its reason', async () => {
    await testWork(db, (tx) => optOut(tx, '004790002002', NOW));
    const results = [
      await queue({ kind: 'reply_published', to: '004790002002', text: 'x', scope: noScope }),
      await queue({ kind: 'approval_request', to: '004790002002', text: 'x', scope: noScope }),
    ];
    expect(statuses(results)).toEqual(['suppressed:opted_out', 'suppressed:opted_out']);
    const [row] = await db.database.db
      .select()
      .from(smsOutbound)
      .where(eq(smsOutbound.id, (results[0] as { id: number }).id));
    expect(row).toMatchObject({ status: 'suppressed', reason: 'opted_out' });
    expect(
      await db.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.number, '004790002002')),
    ).toHaveLength(1);
  });

  it('stops replies to one number at the organization’s daily limit, until the Oslo day turns', async () => {
    const { org, scope } = await organization({ dailyLimit: 2, budget: 100 });
    const to = '004790003003';
    const reply = (now = NOW) => queue({ kind: 'reply_pending', to, text: 'x', scope }, now);
    expect(statuses([await reply(), await reply(), await reply()])).toEqual([
      'queued',
      'queued',
      'suppressed:daily_limit',
    ]);
    // Only replies count: an approval request to the same number still goes, as does a reply elsewhere.
    expect((await queue({ kind: 'approval_request', to, text: 'x', scope })).status).toBe('queued');
    expect((await queue({ kind: 'reply_help', to: '004790003004', text: 'x', scope })).status).toBe('queued');
    // 22:59 UTC is still 10 March in Oslo; 23:00 UTC is 11 March.
    expect((await reply(new Date('2026-03-10T22:59:59.000Z'))).status).toBe('suppressed');
    expect((await reply(new Date('2026-03-10T23:00:00.000Z'))).status).toBe('queued');
    const notices = await db.database.db
      .select()
      .from(smsCapNotices)
      .where(eq(smsCapNotices.organizationId, org.id));
    expect(notices.map((x) => x.period)).toEqual([`daily:${to}:2026-03-10`]);
  });

  it('allows five replies a day to a number outside any organization', async () => {
    const to = '004790004004';
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push(await queue({ kind: 'reply_help', to, text: 'x', scope: noScope }));
    expect(statuses(results)).toEqual([
      'queued',
      'queued',
      'queued',
      'queued',
      'queued',
      'suppressed:daily_limit',
    ]);
  });

  it('does not count suppressed messages against the daily limit', async () => {
    const { scope } = await organization({ dailyLimit: 1, budget: 100 });
    const to = '004790005005';
    await testWork(db, (tx) => optOut(tx, to, NOW));
    await queue({ kind: 'reply_pending', to, text: 'x', scope });
    await db.database.db.delete(smsOptOuts).where(eq(smsOptOuts.number, to));
    expect((await queue({ kind: 'reply_pending', to, text: 'x', scope })).status).toBe('queued');
  });

  it('stops every kind at the monthly budget and tells the notification member once, exempt from it', async () => {
    const { org, scope, memberId } = await organization({ dailyLimit: 50, budget: 3 }, '004790006000');
    const send = (kind: QueueSmsInput['kind'], i: number, now = NOW) =>
      queue({ kind, to: `00479000610${i}`, text: 'x', scope }, now);
    const results = [
      await send('reply_published', 1),
      await send('approval_request', 2),
      await send('code_answer', 3),
      await send('reply_help', 4),
      await send('approval_request', 5),
    ];
    expect(statuses(results)).toEqual([
      'queued',
      'queued',
      'queued',
      'suppressed:monthly_budget',
      'suppressed:monthly_budget',
    ]);
    const notices = await db.database.db
      .select()
      .from(smsOutbound)
      .where(and(eq(smsOutbound.organizationId, org.id), eq(smsOutbound.kind, 'cap_notice')));
    expect(notices).toEqual([
      expect.objectContaining({
        idempotencyKey: `cap:${org.id}:budget:2026-03:${memberId}`,
        to: '004790006000',
        status: 'queued',
        text: `Oppslag: ${org.name} har brukt månedens SMS-budsjett (3). Svar til beboere stanser til neste måned, eller til budsjettet økes under SMS-innstillinger.`,
      }),
    ]);
    // Told with the first message over the budget (written before that message's own row).
    expect(notices[0].id).toBeLessThan((results[3] as { id: number }).id);
    expect(await testWork(db, (tx) => smsUsage(tx, scope.organization!, NOW))).toEqual({
      month: '2026-03',
      used: 3,
      budget: 3,
      dailyReplyLimit: 50,
      budgetReached: true,
      dailyLimitReached: [],
    });
    // The Oslo month turns at 1 April 00:00, 31 March 22:00 UTC (summer time since 29 March).
    expect((await send('reply_help', 6, new Date('2026-03-31T21:59:59.000Z'))).status).toBe('suppressed');
    expect((await send('reply_help', 7, new Date('2026-03-31T22:00:00.000Z'))).status).toBe('queued');
  });

  it('reports the numbers at their daily limit today and a budget not yet reached', async () => {
    const { scope } = await organization({ dailyLimit: 1, budget: 10 });
    const reply = (to: string) => queue({ kind: 'reply_pending', to, text: 'x', scope });
    await reply('004790007001');
    await reply('004790007001');
    await reply('004790007002');
    const usage = await testWork(db, (tx) => smsUsage(tx, scope.organization!, NOW));
    expect(usage).toEqual({
      month: '2026-03',
      used: 2,
      budget: 10,
      dailyReplyLimit: 1,
      budgetReached: false,
      dailyLimitReached: ['004790007001'],
    });
    // The next Oslo day lists nobody.
    const tomorrow = await testWork(db, (tx) =>
      smsUsage(tx, scope.organization!, new Date('2026-03-11T12:00:00.000Z')),
    );
    expect(tomorrow.dailyLimitReached).toEqual([]);
  });
  it('answers two transactions queueing one key at once with one message: the second is a duplicate of it', async () => {
    const { scope } = await organization({ dailyLimit: 5, budget: 100 });
    const input = {
      key: 'reply:race',
      kind: 'reply_published' as const,
      to: '004790008008',
      text: 'x',
      scope,
    };
    const results = await Promise.all([queue(input), queue(input)]);
    expect(results.map((r) => r.status).sort()).toEqual(['duplicate', 'queued']);
    expect(results[0].id).toBe(results[1].id);
    // The same for a message that is suppressed (the number sent STOP).
    await testWork(db, (tx) => optOut(tx, '004790008009', NOW));
    const stopped = { ...input, key: 'reply:race-stopped', to: '004790008009' };
    const suppressed = await Promise.all([queue(stopped), queue(stopped)]);
    expect(suppressed.map((r) => r.status).sort()).toEqual(['duplicate', 'suppressed']);
    expect(suppressed[0].id).toBe(suppressed[1].id);
  });

  it('lifts STOP on START (saying whether there was one), so the number gets messages again', async () => {
    const to = '004790009009';
    expect(await testWork(db, (tx) => optOut(tx, to, NOW))).toBe(true);
    expect(await testWork(db, (tx) => optOut(tx, to, NOW))).toBe(false);
    expect((await queue({ kind: 'reply_started', to, text: 'x', scope: noScope })).status).toBe('suppressed');
    expect(await testWork(db, (tx) => optIn(tx, to))).toBe(true);
    expect(await testWork(db, (tx) => optIn(tx, to))).toBe(false);
    expect((await queue({ kind: 'reply_started', to, text: 'x', scope: noScope })).status).toBe('queued');
  });

  it('gives the last daily slot of a number to one of two replies processed at once', async () => {
    // Outside any organization, so only the lock on the number keeps the two apart.
    const to = '004790010010';
    for (let i = 0; i < 4; i++) await queue({ kind: 'reply_help', to, text: 'x', scope: noScope });
    const results = await Promise.all([
      queue({ kind: 'reply_help', to, text: 'a', scope: noScope }),
      queue({ kind: 'reply_help', to, text: 'b', scope: noScope }),
    ]);
    expect(statuses(results).sort()).toEqual(['queued', 'suppressed:daily_limit']);
  });

  it('gives the last budget slot of an organization to one of two messages to different numbers at once', async () => {
    const { scope } = await organization({ dailyLimit: 5, budget: 1 });
    const results = await Promise.all([
      queue({ kind: 'approval_request', to: '004790011011', text: 'a', scope }),
      queue({ kind: 'approval_request', to: '004790011012', text: 'b', scope }),
    ]);
    expect(statuses(results).sort()).toEqual(['queued', 'suppressed:monthly_budget']);
  });
});
