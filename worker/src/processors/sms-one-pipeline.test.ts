import {
  createWorld,
  entities,
  genericWebhook,
  PrivateRedis,
  permissions,
  type SmsProviderFake,
  smsMessages,
  smsOutbound,
  startTestApi,
  startTwilioApiFake,
  type TestApi,
  users,
  type World,
} from '@oppslag/api/testing';
import { maskPhone } from '@oppslag/common';
import { and, eq, inArray, like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmsPipeline, waitFor } from '../test/sms-pipeline';

const SECRET = 'one-pipeline-webhook-secret';
const SID = 'AC44444444444444444444444444444444';
const OWNER = '004790000101';
const ADMIN = '004790000102';

vi.setConfig({ testTimeout: 120_000 });

/**
 * Issue 27 items 1-2 through the whole back end (signed webhook → api → outbox → relay → worker →
 * a fake of Twilio's API), on a test-owned redis-server so its FLUSHALL touches no one else's data:
 * every SMS is an outbound row sent by `sms/send`, alerts obey STOP and the budget, and no single
 * number can spend what others need.
 */
describe('one outbound SMS pipeline, caps that hold', () => {
  let redis: PrivateRedis;
  let api: TestApi;
  let world: World;
  let fake: SmsProviderFake;
  let pipeline: Awaited<ReturnType<typeof startSmsPipeline>>;
  let seq = 0;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    fake = await startTwilioApiFake(SID, 'token');
    api = await startTestApi({
      env: {
        REDIS_URL: redis.url,
        SMS_WEBHOOK_SECRET: SECRET,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_API_URL: fake.url,
      },
    });
    world = await createWorld(api.deps);
    const db = api.deps.database.db;
    // Org A's owner and administrator get SMS notifications (the two members of the chain).
    for (const [user, phone] of [
      [world.users.owner, OWNER],
      [world.users.administrator, ADMIN],
    ] as const) {
      await db
        .update(users)
        .set({ phoneVerifiedAt: new Date(), phoneNumber: phone, language: 'no' })
        .where(eq(users.id, user.id));
      await db.update(permissions).set({ smsNotifications: true }).where(eq(permissions.userId, user.id));
    }
    pipeline = await startSmsPipeline(api, {
      redeliverEveryMs: 300,
      redeliverAfterMs: 1000,
      schedulerSyncMs: 60_000,
    });
  }, 60_000);
  afterAll(async () => {
    await pipeline?.close();
    await api?.close().catch(() => undefined);
    await fake?.close();
    await redis?.kill();
  });

  const db = () => api.deps.database.db;
  const sms = async (from: string, text: string) => {
    const hook = genericWebhook(SECRET, { id: `one-${++seq}`, from: `+${from.slice(2)}`, text });
    const res = await api.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
    expect(res.status).toBe(200);
  };
  const textsTo = (n: string) => fake.sent.filter((s) => s.to.replace(/^\+/, '00') === n).map((s) => s.text);
  /** Every inbound message routed and every outbound row settled (sent or suppressed). */
  const drained = () =>
    waitFor(async () => {
      const open = await db()
        .select({ id: smsOutbound.id })
        .from(smsOutbound)
        .where(inArray(smsOutbound.status, ['queued', 'sending']));
      const waiting = await db()
        .select({ id: smsMessages.id })
        .from(smsMessages)
        .where(eq(smsMessages.status, 'received'));
      return open.length === 0 && waiting.length === 0;
    }, 90_000);
  const rowsOf = (kind: string) => db().select().from(smsOutbound).where(eq(smsOutbound.kind, kind));
  const setOrg = (values: { smsMonthlyBudget?: number; smsDailyReplyLimit?: number }) =>
    db().update(entities).set(values).where(eq(entities.id, world.entities.orgA.id));

  it('loses no approval request when Redis is flushed mid-burst', async () => {
    const BURST = 61;
    const flusher = new Redis(redis.url);
    try {
      for (let i = 0; i < BURST; i++) {
        // 61 residents (the sender cap is per number), each a pending note for Org A.
        await sms(`0047920${String(i).padStart(5, '0')}`, `ORGA burst melding ${i}`);
        if (i === 20) await flusher.flushall();
      }
    } finally {
      flusher.disconnect();
    }
    await drained();
    const requests = await rowsOf('approval_request');
    expect(requests).toHaveLength(2 * BURST);
    expect(requests.filter((r) => r.status !== 'sent')).toEqual([]);
    for (const member of [OWNER, ADMIN]) {
      const burst = textsTo(member).filter((t) => t.includes('burst melding'));
      expect(burst).toHaveLength(BURST);
      expect(new Set(burst).size).toBe(BURST);
    }
  });

  it('sends alert SMS as outbound rows that obey STOP and the monthly budget', async () => {
    await sms(ADMIN, 'STOPP');
    await drained();
    const raise = async (title: string) => {
      const res = await api.request('POST', `/api/entities/${world.entities.orgA.id}/alerts`, {
        token: world.users.owner.token,
        body: { title, text: 'Test' },
      });
      expect(res.status).toBe(201);
      const clear = await api.request(
        'DELETE',
        `/api/entities/${world.entities.orgA.id}/alerts/${res.body.id}`,
        { token: world.users.owner.token },
      );
      expect(clear.status).toBe(200);
    };
    await raise('Vannlekkasje');
    await drained();
    const first = await rowsOf('alert');
    expect(first.map((r) => [r.to, r.status, r.reason]).sort()).toEqual(
      [
        [OWNER, 'sent', null],
        [ADMIN, 'suppressed', 'opted_out'],
      ].sort(),
    );
    expect(textsTo(OWNER).filter((t) => t.startsWith('AKUTTVARSEL'))).toHaveLength(1);
    expect(textsTo(ADMIN).filter((t) => t.startsWith('AKUTTVARSEL'))).toHaveLength(0);

    // Two SMS left in the month: 10 alerts raised and cleared send 2, and the board hears once.
    const usage = async () =>
      (
        await api.request('GET', `/api/entities/${world.entities.orgA.id}/sms-usage`, {
          token: world.users.owner.token,
        })
      ).body as { used: number; budget: number; budgetReached: boolean };
    const used = (await usage()).used;
    await setOrg({ smsMonthlyBudget: used + 2 });
    for (let i = 0; i < 10; i++) await raise(`Øvelse ${i}`);
    await drained();
    const last = Math.max(...first.map((r) => r.id));
    const drill = (await rowsOf('alert'))
      .filter((r) => r.to === OWNER && r.id > last)
      .sort((a, b) => a.id - b.id);
    expect(drill.map((r) => r.reason)).toEqual([null, null, ...Array(8).fill('monthly_budget')]);
    expect(textsTo(OWNER).filter((t) => t.startsWith('AKUTTVARSEL'))).toHaveLength(3);
    expect(await usage()).toMatchObject({ used: used + 2, budgetReached: true });
    expect((await rowsOf('cap_notice')).filter((r) => r.to === OWNER && r.status === 'sent')).toHaveLength(1);
    await setOrg({ smsMonthlyBudget: 300 });
  });

  it('answers 30 JA from a number that is no member at most the daily limit', async () => {
    const guesser = '004793000001';
    for (let i = 0; i < 30; i++) await sms(guesser, `JA ${1000 + i}`);
    await drained();
    const answers = await db().select().from(smsOutbound).where(eq(smsOutbound.to, guesser));
    expect(answers).toHaveLength(30);
    expect(answers.filter((r) => r.status === 'sent')).toHaveLength(5);
    expect(answers.filter((r) => r.reason === 'daily_limit')).toHaveLength(25);
    expect(textsTo(guesser)).toHaveLength(5);
  });

  it('leaves the budget for others when one number floods the code word', async () => {
    const org = world.entities.orgA.id;
    const before = (
      await api.request('GET', `/api/entities/${org}/sms-usage`, { token: world.users.owner.token })
    ).body.used as number;
    // 30 SMS left this month; the flood may take what its first 5 notes cost: 5 replies and 5
    // approval requests (the administrator sent STOPP above, so theirs are suppressed, not counted).
    await setOrg({ smsMonthlyBudget: before + 30, smsDailyReplyLimit: 5 });
    const flooder = '004794000001';
    for (let i = 0; i < 40; i++) await sms(flooder, `ORGA flom ${i}`);
    await drained();
    const flood = await db().select().from(smsMessages).where(like(smsMessages.text, 'ORGA flom %'));
    expect(flood.filter((m) => m.status === 'routed')).toHaveLength(5);
    expect(flood.filter((m) => m.status === 'sender_limit')).toHaveLength(35);
    expect(textsTo(flooder)).toHaveLength(5);
    expect(textsTo(OWNER).filter((t) => t.includes('flom'))).toHaveLength(5);

    // A genuine resident afterwards: a reply, and the board is asked.
    const resident = '004794000002';
    await sms(resident, 'ORGA Heisen står');
    await drained();
    expect(textsTo(resident)).toHaveLength(1);
    expect(textsTo(OWNER).filter((t) => t.includes('Heisen står'))).toHaveLength(1);
    const notice = await db()
      .select()
      .from(smsOutbound)
      .where(and(eq(smsOutbound.to, flooder), eq(smsOutbound.status, 'suppressed')));
    expect(notice).toEqual([]);
    const usage = await api.request('GET', `/api/entities/${org}/sms-usage`, {
      token: world.users.owner.token,
    });
    expect(usage.body.used - before).toBe(5 + 5 + 1 + 1);
    expect(usage.body.dailyLimitReached).toContain(maskPhone(flooder));
    await setOrg({ smsMonthlyBudget: 300 });
  });
});
