import {
  autoApproveNumbers,
  createWorld,
  entities,
  genericWebhook,
  notes,
  permissions,
  type SignedWebhook,
  type SmsProviderFake,
  smsMessages,
  startTestApi,
  startTwilioApiFake,
  type TestApi,
  twilioWebhook,
  users,
  type World,
} from '@oppslag/api/testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeInboundSms } from '../test/inbound-sms';
import { startSmsPipeline, waitFor } from '../test/sms-pipeline';
import { processInboundSms } from './sms.processor';

const PUBLIC_URL = 'https://oppslag.example.com';
const ACCOUNT_SID = 'AC11111111111111111111111111111111';
const TOKEN = 'twilio-token';
const SECRET = 'generic-webhook-secret';

describe('SMS → note (webhook, sms job, note, notifications)', () => {
  let api: TestApi;
  let world: World;
  let twilio: SmsProviderFake;
  let pipeline: Awaited<ReturnType<typeof startSmsPipeline>>;
  let seq = 0;

  beforeAll(async () => {
    twilio = await startTwilioApiFake(ACCOUNT_SID, TOKEN);
    api = await startTestApi({
      env: {
        PUBLIC_URL,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_API_URL: twilio.url,
        SMS_NUMBER: '+4722222222',
        SMS_WEBHOOK_SECRET: SECRET,
      },
    });
    world = await createWorld(api.deps);
    const db = api.deps.database.db;
    const { orgA, displayA } = world.entities;
    await db.update(entities).set({ codeWord: 'Skjerm' }).where(eq(entities.id, displayA.id));
    await db.insert(autoApproveNumbers).values([
      { entityId: orgA.id, number: '004791111111', description: 'Board' },
      {
        entityId: orgA.id,
        number: '004792222222',
        description: 'Old',
        expirationDate: new Date(Date.now() - 60_000),
      },
    ]);
    // Three members want notifications; only two (closest grants first) may get them.
    const phones: [number, string, string][] = [
      [world.users.owner.id, '004790000001', 'no'],
      [world.users.administrator.id, '004790000002', 'en'],
      [world.users.moderator.id, '004793333333', 'no'],
    ];
    for (const [id, phone, language] of phones) {
      await db
        .update(users)
        .set({ phoneVerifiedAt: new Date(), phoneNumber: phone, language })
        .where(eq(users.id, id));
      await db.update(permissions).set({ smsNotifications: true }).where(eq(permissions.userId, id));
    }
    await db
      .update(permissions)
      .set({ autoApprove: true })
      .where(eq(permissions.userId, world.users.moderator.id));
    pipeline = await startSmsPipeline(api);
  });
  afterAll(async () => {
    await pipeline.close();
    await api.close();
    await twilio.close();
  });

  const send = (hook: SignedWebhook) =>
    api.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
  const viaTwilio = (from: string, body: string) =>
    twilioWebhook({ publicUrl: PUBLIC_URL, authToken: TOKEN }, { sid: `SM${++seq}`, from, body });
  const noteFor = (sid: string) =>
    waitFor(async () => {
      const [row] = await api.deps.database.db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.providerMessageId, sid));
      if (!row || row.status === 'received') return null;
      const [note] = row.noteId
        ? await api.deps.database.db.select().from(notes).where(eq(notes.id, row.noteId))
        : [];
      return { message: row, note };
    });
  const sidOf = (hook: SignedWebhook) => new URLSearchParams(hook.body).get('MessageSid') as string;

  it('publishes at once from an auto-approve number, with the text escaped', async () => {
    const hook = viaTwilio('+4791111111', 'ORGA Hello <b>neighbours</b> & all');
    expect((await send(hook)).status).toBe(200);
    const { message, note } = await noteFor(sidOf(hook));
    expect(message.status).toBe('routed');
    expect(note).toMatchObject({
      entityId: world.entities.orgA.id,
      approved: true,
      source: 'sms',
      icon: 'comment',
      ownerId: null,
      text: '<p>Hello &lt;b&gt;neighbours&lt;/b&gt; &amp; all</p>',
    });
    expect(note.end!.getTime() - note.date.getTime()).toBe(7 * 24 * 3600 * 1000);
    const [event] = (
      (await api.deps.database.db.execute(
        `select data from events where type = 'note.created' and (data->>'id')::int = ${note.id}`,
      )) as unknown as { rows: { data: { note: { approved: boolean; source: string } } }[] }
    ).rows;
    expect(event.data.note).toMatchObject({ approved: true, source: 'sms' });
  });

  it('keeps a note from an expired number pending and notifies two members by SMS', async () => {
    const members = ['+4790000001', '+4790000002'];
    const toMembers = () => twilio.sent.filter((s) => members.includes(s.to));
    const before = toMembers().length;
    const hook = viaTwilio('+4792222222', 'orga Lost cat on floor 3');
    await send(hook);
    const { note } = await noteFor(sidOf(hook));
    expect(note.approved).toBe(false);
    const sent = await waitFor(async () =>
      toMembers().length >= before + 2 ? toMembers().slice(before) : null,
    );
    expect(sent.map((s) => s.to).sort()).toEqual(members);
    const byTo = Object.fromEntries(sent.map((s) => [s.to, s.text]));
    expect(byTo['+4790000001']).toMatch(
      /^Ny SMS-melding til Org A: "Lost cat on floor 3"\. Svar JA (\d{4}) for å publisere, NEI \1 for å avvise\.$/,
    );
    expect(byTo['+4790000002']).toMatch(
      /^New SMS note for Org A: "Lost cat on floor 3"\. Reply YES (\d{4}) to publish, NO \1 to reject\.$/,
    );
    expect(sent[0].from).toBe('+4722222222');
    // The redelivered event (relay sweep, retries) sends nothing more.
    await new Promise((r) => setTimeout(r, 500));
    expect(toMembers().length).toBe(before + 2);
  });

  it('publishes from a member with autoApprove and makes them the owner', async () => {
    const hook = viaTwilio('+4793333333', 'ORGA Meeting moved to 19:00');
    await send(hook);
    const { note } = await noteFor(sidOf(hook));
    expect(note).toMatchObject({ approved: true, ownerId: world.users.moderator.id });
  });

  it('keeps a note from a member without autoApprove pending, still owned by them', async () => {
    // The owner is a member of Org A with a phone number, but autoApprove is off on their grant.
    const hook = viaTwilio('+4790000001', 'ORGA Please approve me');
    await send(hook);
    const { note } = await noteFor(sidOf(hook));
    expect(note).toMatchObject({ approved: false, ownerId: world.users.owner.id });
  });

  it('routes by a Unicode-normalized, case-insensitive code word, with ancestors’ lists applying', async () => {
    const fullWidth = viaTwilio('+4791111111', 'ＯＲＧＡ wide letters');
    await send(fullWidth);
    expect((await noteFor(sidOf(fullWidth))).note.entityId).toBe(world.entities.orgA.id);
    const display = viaTwilio('+4791111111', 'sKJERM   on the display\nsecond line');
    await send(display);
    const { note } = await noteFor(sidOf(display));
    expect(note).toMatchObject({
      entityId: world.entities.displayA.id,
      approved: true,
      // Sanitized by the note service like a console note's text (which writes <br />).
      text: '<p>on the display<br />second line</p>',
    });
  });

  it('keeps messages with an unknown code word, visible to the superadmin', async () => {
    const hook = viaTwilio('+4791111111', 'NOSUCHWORD hello');
    await send(hook);
    const { message, note } = await noteFor(sidOf(hook));
    expect(message.status).toBe('unknown_code_word');
    expect(note).toBeUndefined();
    const list = await api.request('GET', '/api/admin/sms?status=unknown_code_word', {
      token: world.users.superadmin.token,
    });
    expect(list.body.map((m: { text: string }) => m.text)).toContain('NOSUCHWORD hello');
  });

  it('makes one note per message when each webhook arrives three times at once', async () => {
    const hooks = Array.from({ length: 10 }, (_, i) =>
      genericWebhook(SECRET, { id: `triple-${i}`, from: '+4791111111', text: `ORGA triple ${i}` }),
    );
    const answers = await Promise.all(hooks.flatMap((h) => [send(h), send(h), send(h)]));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await waitFor(async () => {
      const { rows } = (await api.deps.database.db.execute(
        `select count(*)::int as n from sms_messages where provider_message_id like 'triple-%' and status = 'routed'`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0].n === 10;
    });
    const { rows } = (await api.deps.database.db.execute(
      `select text, count(*)::int as n from notes where text like '<p>triple %' group by text`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  /** A stored inbound message, as the webhook leaves it for the sms job. */
  const stored = async (from: string, text: string) =>
    (await storeInboundSms(api.deps.database.db, [from, text]))[0];
  const rowOf = async (id: number) =>
    (await api.deps.database.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0];

  it('routes to the entity of the code word, not a deleted one, and records the outcome on the message', async () => {
    const id = await stored('+4791111111', 'orga Vannet stenges');
    const outcome = await processInboundSms(api.deps, id);
    expect(outcome).toMatchObject({ status: 'routed', entityId: world.entities.orgA.id, approved: true });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'routed',
      entityId: world.entities.orgA.id,
      noteId: (outcome as { noteId: number }).noteId,
    });
    expect(row.processedAt).toBeInstanceOf(Date);

    // A deleted entity keeps no code word: its messages are unknown, like a word nobody has.
    const db = api.deps.database.db;
    await db.insert(entities).values({
      name: 'Revet',
      type: 'group',
      parentId: world.entities.orgA.id,
      codeWord: 'REVET',
      deleted: true,
    });
    const toGone = await stored('+4791111111', 'REVET hei');
    expect(await processInboundSms(api.deps, toGone)).toEqual({ status: 'unknown_code_word' });
    expect(await rowOf(toGone)).toMatchObject({ status: 'unknown_code_word', entityId: null, noteId: null });
    const blank = await stored('+4791111111', '   ');
    expect(await processInboundSms(api.deps, blank)).toEqual({ status: 'unknown_code_word' });
  });

  it('keeps a message from a number that is no phone number, and one with a code word but no text', async () => {
    const bad = await stored('12', 'ORGA hei');
    expect(await processInboundSms(api.deps, bad)).toEqual({ status: 'invalid_sender' });
    expect(await rowOf(bad)).toMatchObject({
      status: 'invalid_sender',
      entityId: world.entities.orgA.id,
      noteId: null,
    });
    const empty = await stored('+4791111111', '  ORGA  ');
    expect(await processInboundSms(api.deps, empty)).toEqual({ status: 'empty_message' });
    expect(await rowOf(empty)).toMatchObject({
      status: 'empty_message',
      entityId: world.entities.orgA.id,
      noteId: null,
    });
    const made = await api.deps.database.db
      .select()
      .from(notes)
      .where(inArray(notes.smsMessageId, [bad, empty]));
    expect(made).toEqual([]);
  });

  it('does nothing when the same message is processed again', async () => {
    const [row] = await api.deps.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.status, 'routed'))
      .limit(1);
    const results = await Promise.all([
      processInboundSms(api.deps, row.id),
      processInboundSms(api.deps, row.id),
    ]);
    expect(results.map((r) => r.status)).toEqual(['already_processed', 'already_processed']);
    expect((await processInboundSms(api.deps, 999_999)).status).toBe('missing');
  });
});
