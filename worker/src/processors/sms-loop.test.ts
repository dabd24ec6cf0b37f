import {
  autoApproveNumbers,
  createWorld,
  entities,
  notes,
  permissions,
  type SmsProviderFake,
  smsApprovalCodes,
  smsCapNotices,
  smsMessages,
  smsOutbound,
  startSveveApiFake,
  startTestApi,
  startTwilioApiFake,
  sveveWebhook,
  type TestApi,
  twilioWebhook,
  users,
  type World,
} from '@oppslag/api/testing';
import { maskPhone } from '@oppslag/common';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmsPipeline, waitFor } from '../test/sms-pipeline';
import { sendOutboundSms } from './sms-send.processor';

const PUBLIC_URL = 'https://oppslag.example.com';
const SID = 'AC22222222222222222222222222222222';
const TOKEN = 'loop-twilio-token';
const SVEVE_SECRET = 'loop-sveve-secret';
const MEMBER = '004790000001';
const OTHER_MEMBER = '004790000002';

type ProviderName = 'twilio' | 'sveve';

async function startProvider(name: ProviderName) {
  if (name === 'twilio') {
    const fake = await startTwilioApiFake(SID, TOKEN);
    const env = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_API_URL: fake.url,
    };
    return { fake, env };
  }
  const fake = await startSveveApiFake('loop', 'sveve-pass');
  const env = {
    SMS_PROVIDER: 'sveve',
    SVEVE_USER: 'loop',
    SVEVE_PASSWORD: 'sveve-pass',
    SVEVE_API_URL: `${fake.url}/SMS/SendMessage`,
    SVEVE_SECRET,
  };
  return { fake, env };
}

/** `0047…` / `+47…` / `47…` (Sveve) → `47…`, to compare what the fakes saw. */
// Whole-pipeline round trips; on a busy machine (the full suite in parallel) they take a while.
vi.setConfig({ testTimeout: 120_000 });

/** Waits as long as a busy shared machine may need (several suites run at once). */
const waitLong = <T>(check: () => Promise<T | undefined | null | false>) => waitFor(check, 45_000);

const digits = (n: string) => n.replace(/^(\+|00)/, '');

/**
 * The SMS loop through the whole pipeline (signed webhook → api → outbox → worker → provider API),
 * once against a fake of Twilio's Messages API and once against Sveve's SMS API.
 */
describe.each(['twilio', 'sveve'] as const)('SMS loop via %s', (providerName) => {
  let api: TestApi;
  let world: World;
  let fake: SmsProviderFake;
  let pipeline: Awaited<ReturnType<typeof startSmsPipeline>>;
  let seq = 0;

  beforeAll(async () => {
    const provider = await startProvider(providerName);
    fake = provider.fake;
    api = await startTestApi({ env: { PUBLIC_URL, SMS_NUMBER: '+4722222222', ...provider.env } });
    world = await createWorld(api.deps);
    const db = api.deps.database.db;
    await db
      .insert(autoApproveNumbers)
      .values({ entityId: world.entities.orgA.id, number: '004791000000', description: 'Board' });
    // The owner gets SMS notifications in Norwegian; the moderator has a phone but none.
    await db
      .update(users)
      .set({ phoneVerifiedAt: new Date(), phoneNumber: MEMBER, language: 'no' })
      .where(eq(users.id, world.users.owner.id));
    await db
      .update(permissions)
      .set({ smsNotifications: true })
      .where(eq(permissions.userId, world.users.owner.id));
    await db
      .update(users)
      .set({ phoneVerifiedAt: new Date(), phoneNumber: OTHER_MEMBER })
      .where(eq(users.id, world.users.moderator.id));
    pipeline = await startSmsPipeline(api);
  });
  afterAll(async () => {
    await pipeline?.close();
    await api?.close();
    await fake?.close();
  });

  /** A resident's (or member's) SMS arriving through the provider's own webhook. */
  async function sms(from: string, text: string) {
    const id = `${providerName}-${++seq}`;
    const hook =
      providerName === 'twilio'
        ? twilioWebhook(
            { publicUrl: PUBLIC_URL, authToken: TOKEN },
            { sid: id, from: `+${digits(from)}`, body: text },
          )
        : sveveWebhook(SVEVE_SECRET, { id, number: digits(from), msg: text });
    const res = await api.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
    expect(res.status).toBe(200);
    return hook;
  }
  const textsTo = (n: string) => fake.sent.filter((s) => digits(s.to) === digits(n)).map((s) => s.text);
  const waitForTexts = (n: string, count: number) =>
    waitLong(async () => (textsTo(n).length >= count ? textsTo(n) : null));
  /** Lets the relay, the sweep and every job settle, so "nothing more" is a real observation. */
  const settle = async () => {
    await pipeline.relay.idle();
    await new Promise((r) => setTimeout(r, 600));
    await pipeline.relay.idle();
  };
  /** The code of the approval request the member got about a note containing `word`. */
  const requestFor = async (word: string) => {
    const [text] = await waitLong(async () => {
      const found = textsTo(MEMBER).filter((t) => t.includes(word));
      return found.length ? found : null;
    });
    return /(?:JA|YES) (\d{4})/.exec(text)?.[1] as string;
  };
  const outboundTo = (n: string) =>
    api.deps.database.db.select().from(smsOutbound).where(eq(smsOutbound.to, n)).orderBy(smsOutbound.id);

  it('replies to a published note exactly once, naming where it is shown, also when the webhook repeats', async () => {
    const resident = '004791000000';
    const hook = await sms(resident, 'ORGA Heisen er i orden igjen');
    // The provider's retry of the same webhook, and the sms/send job run again by hand.
    await api.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
    expect(await waitForTexts(resident, 1)).toEqual(['Takk! Meldingen din vises nå på skjermene til Org A.']);
    // The provider has it; the worker records it just after the provider's answer.
    const row = await waitLong(async () => (await outboundTo(resident)).find((r) => r.status === 'sent'));
    expect(row).toMatchObject({ kind: 'reply_published', attempts: 1 });
    expect(await sendOutboundSms(api.deps, { name: 'never', send: () => Promise.reject() }, row.id)).toBe(
      'skipped',
    );
    await settle();
    expect(textsTo(resident)).toHaveLength(1);
    if (providerName === 'sveve') expect(fake.sent.at(-1)?.ref).toBe(row.idempotencyKey);
  });

  it('answers in English to a number from abroad, and with a help text to an unknown code word', async () => {
    await sms('0046701234567', 'NOSUCHWORD hello');
    const [help] = await waitForTexts('0046701234567', 1);
    expect(help).toBe(
      'We did not find the code word "nosuchword". Write the code word shown on the screen in the stairwell, a space and your message. Send STOP for no more replies.',
    );
    await sms('004791000001', 'feilord hei');
    expect((await waitForTexts('004791000001', 1))[0]).toMatch(/^Vi fant ikke kodeordet «feilord»/);
  });

  it('honours STOP (no more replies to that number) until START', async () => {
    const resident = '004791000002';
    await sms(resident, 'STOPP');
    await sms(resident, 'ORGA Sykkel funnet i kjelleren');
    await waitLong(async () => (await outboundTo(resident)).length === 1);
    await settle();
    expect(textsTo(resident)).toEqual([]);
    expect((await outboundTo(resident))[0]).toMatchObject({ status: 'suppressed', reason: 'opted_out' });
    // The note itself still arrived (STOP is about replies, not about the board).
    const pending = await api.deps.database.db
      .select()
      .from(notes)
      .where(eq(notes.entityId, world.entities.orgA.id));
    expect(pending.map((n) => n.text)).toContain('<p>Sykkel funnet i kjelleren</p>');
    await sms(resident, 'start');
    expect(await waitForTexts(resident, 1)).toEqual([
      'Du får svar fra Oppslag igjen. Send STOPP for ingen flere svar.',
    ]);
  });

  it('stops at the daily limit per number (no note, reply or approval request) and tells the board once', async () => {
    const db = api.deps.database.db;
    await db.update(entities).set({ smsDailyReplyLimit: 2 }).where(eq(entities.id, world.entities.orgA.id));
    const resident = '004791000003';
    const requestsBefore = textsTo(MEMBER).length;
    for (let i = 0; i < 4; i++) await sms(resident, `ORGA melding ${i}`);
    const statuses = async () =>
      (await db.select().from(smsMessages).where(like(smsMessages.text, 'ORGA melding %')))
        .sort((a, b) => a.id - b.id)
        .map((m) => m.status);
    await waitLong(async () => !(await statuses()).includes('received'));
    await settle();
    // The sender cap: the first two make a note, a reply and an approval request; the rest nothing.
    expect(await statuses()).toEqual(['routed', 'routed', 'sender_limit', 'sender_limit']);
    expect(textsTo(resident)).toHaveLength(2);
    expect((await outboundTo(resident)).map((r) => r.reason)).toEqual([null, null]);
    expect(textsTo(MEMBER).length - requestsBefore).toBe(2);
    const notices = await db
      .select()
      .from(smsCapNotices)
      .where(eq(smsCapNotices.organizationId, world.entities.orgA.id));
    expect(notices.filter((n) => n.period.startsWith(`daily:${resident}:`))).toHaveLength(1);
    const usage = await api.request('GET', `/api/entities/${world.entities.orgA.id}/sms-usage`, {
      token: world.users.owner.token,
    });
    expect(usage.status).toBe(200);
    // Masked: a usage warning needs no resident's full number (issue 28 item 4).
    expect(usage.body.dailyLimitReached).toEqual([maskPhone(resident)]);
    await db.update(entities).set({ smsDailyReplyLimit: 5 }).where(eq(entities.id, world.entities.orgA.id));
  });

  it('approves by reply from the member’s number once; a used code and a wrong number change nothing', async () => {
    const resident = '004791000004';
    await sms(resident, 'ORGA Dugnad på lørdag');
    const code = await requestFor('Dugnad');
    expect(textsTo(MEMBER).find((t) => t.includes('Dugnad'))).toBe(
      `Ny SMS-melding til Org A: "Dugnad på lørdag". Svar JA ${code} for å publisere, NEI ${code} for å avvise.`,
    );
    // Someone else (even another board member) sending the code: a polite no, the note stays pending.
    await sms(OTHER_MEMBER, `JA ${code}`);
    expect((await waitForTexts(OTHER_MEMBER, 1))[0]).toContain(
      `Vi fant ingen ventende melding med koden ${code}`,
    );
    const db = api.deps.database.db;
    const noteOf = async () => {
      const [c] = await db.select().from(smsApprovalCodes).where(eq(smsApprovalCodes.code, code));
      const [n] = await db.select().from(notes).where(eq(notes.id, c.noteId));
      return n;
    };
    expect((await noteOf()).approved).toBe(false);
    const before = textsTo(MEMBER).length;
    await sms(MEMBER, `ja ${code}`);
    const confirmed = await waitForTexts(MEMBER, before + 1);
    expect(confirmed.at(-1)).toBe(`Takk! Meldingen (${code}) er publisert på Org A.`);
    expect((await noteOf()).approved).toBe(true);
    expect(await waitForTexts(resident, 2)).toEqual([
      'Takk! Meldingen din til skjermene til Org A venter på godkjenning fra styret. Du får svar når den er behandlet.',
      'Meldingen din er godkjent og vises nå på skjermene til Org A.',
    ]);
    // The same answer again (a used code): nothing changes, the member is told so.
    await sms(MEMBER, `JA ${code}`);
    expect((await waitForTexts(MEMBER, before + 2)).at(-1)).toBe(
      `Meldingen med koden ${code} er allerede behandlet. Ingenting er endret.`,
    );
    await settle();
    expect(textsTo(resident)).toHaveLength(2);
  });

  it('rejects by NEI (the note is removed, the resident told) and refuses an expired code', async () => {
    const db = api.deps.database.db;
    await sms('004791000005', 'ORGA Fest i bakgården');
    const code = await requestFor('Fest i bakgården');
    const [{ noteId }] = await db.select().from(smsApprovalCodes).where(eq(smsApprovalCodes.code, code));
    await sms(MEMBER, `NEI ${code}`);
    expect((await waitForTexts('004791000005', 2))[1]).toBe(
      'Meldingen din til skjermene til Org A ble ikke publisert av styret.',
    );
    expect(await db.select().from(notes).where(eq(notes.id, noteId))).toEqual([]);

    await sms('004791000006', 'ORGA Gammel melding');
    const stale = await requestFor('Gammel melding');
    const [old] = await db.select().from(smsApprovalCodes).where(eq(smsApprovalCodes.code, stale));
    // Eight days later (fake clock): the code is expired and changes nothing.
    api.setNow(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    try {
      const before = textsTo(MEMBER).length;
      await sms(MEMBER, `JA ${stale}`);
      expect((await waitForTexts(MEMBER, before + 1)).at(-1)).toBe(
        `Koden ${stale} er utløpt. Ingenting er endret; behandle meldingen i Oppslag.`,
      );
      const [note] = await db.select().from(notes).where(eq(notes.id, old.noteId));
      expect(note.approved).toBe(false);
    } finally {
      api.setNow(null);
    }
  });

  it('stops at the monthly budget of the organization and tells its notification member once', async () => {
    const db = api.deps.database.db;
    const orgId = world.entities.orgA.id;
    const counted = await db
      .select()
      .from(smsOutbound)
      .where(and(eq(smsOutbound.organizationId, orgId), eq(smsOutbound.status, 'sent')));
    await db
      .update(entities)
      .set({ smsMonthlyBudget: counted.length + 1 })
      .where(eq(entities.id, orgId));
    const before = textsTo(MEMBER).length;
    await sms('004791000000', 'ORGA Budsjett en');
    await sms('004791000000', 'ORGA Budsjett to');
    await sms('004791000000', 'ORGA Budsjett tre');
    await waitLong(async () =>
      (await outboundTo('004791000000')).filter((r) => r.reason === 'monthly_budget').length === 2
        ? true
        : null,
    );
    await settle();
    const notices = textsTo(MEMBER).slice(before);
    expect(notices).toEqual([
      `Oppslag: Org A har brukt månedens SMS-budsjett (${counted.length + 1}). Svar til beboere stanser til neste måned, eller til budsjettet økes under SMS-innstillinger.`,
    ]);
    const usage = await api.request('GET', `/api/entities/${orgId}/sms-usage`, {
      token: world.users.owner.token,
    });
    expect(usage.body).toMatchObject({ budgetReached: true, budget: counted.length + 1 });
    await db.update(entities).set({ smsMonthlyBudget: 300 }).where(eq(entities.id, orgId));
  });
});
