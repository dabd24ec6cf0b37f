import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../db/unit-of-work';
import { pngSample } from '../test/asset-samples';
import { uploadAsset } from '../test/asset-upload';
import { genericWebhook, type SignedWebhook, sveveWebhook, twilioWebhook } from '../test/fakes/sms.fake';
import { createWorld, type World } from '../test/fixtures';
import { startTestApi, type TestApi } from '../test/harness';
import { recordEvent } from './events.service';
import { CONTENT_DEDUP_WINDOW_MS } from './sms-inbound.service';

const PUBLIC_URL = 'https://oppslag.example.com';
const TWILIO_TOKEN = 'twilio-token-for-outbox-tests';
const SVEVE_SECRET = 'sveve-secret-for-outbox-tests';
const SECRET = 'generic-secret-for-outbox-tests';

/**
 * The API side of outbox-started jobs: a webhook or a crop request commits its row and the event
 * that starts the job, and never touches BullMQ itself (no queue key appears in Redis).
 */
describe('jobs start from the outbox', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi({
      env: { PUBLIC_URL, TWILIO_AUTH_TOKEN: TWILIO_TOKEN, SVEVE_SECRET, SMS_WEBHOOK_SECRET: SECRET },
    });
    world = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const send = (hook: SignedWebhook) =>
    api.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
  const query = async <T>(text: string) =>
    ((await api.deps.database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const bullKeys = () => api.deps.redis.keys(`${api.deps.config.redisPrefix}:bull:*`);
  const messagesFrom = (from: string) =>
    query<{ id: number; text: string; provider_message_id: string }>(
      `select id, text, provider_message_id from sms_messages where "from" = '${from}' order by id`,
    );
  const smsEvents = (smsMessageId: number) =>
    query<{ data: unknown; entity_id: number | null; sent_at: Date | null }>(
      `select data, entity_id, sent_at from events where type = 'sms.received'
         and data->>'smsMessageId' = '${smsMessageId}'`,
    );

  it('stores an inbound SMS with its sms.received event, once, without queueing anything', async () => {
    const hook = genericWebhook(SECRET, { id: 'outbox-1', from: '+4791234567', text: 'ORGA hello' });
    expect((await send(hook)).status).toBe(200);
    expect((await send(hook)).body).toEqual({ received: true, duplicate: true });
    const [row] = await messagesFrom('+4791234567');
    expect(await smsEvents(row.id)).toEqual([
      { data: { smsMessageId: row.id }, entity_id: null, sent_at: null },
    ]);
    expect(await bullKeys()).toEqual([]);
  });

  it('records asset.cropRequested on upload and on a crop change, without queueing anything', async () => {
    const token = world.users.moderator.token;
    const up = await uploadAsset(api, token, world.entities.orgA.id, { bytes: await pngSample(40, 40) });
    expect(up.status).toBe(201);
    const id = up.body.asset.id as number;
    const put = await api.request('PUT', `/api/assets/${id}`, {
      token,
      body: { page: 1, offsetX: 0, offsetY: 0, scale: 2 },
    });
    expect(put.status).toBe(200);
    const requested = await query<{ data: unknown; entity_id: number }>(
      `select data, entity_id from events where type = 'asset.cropRequested' order by seq`,
    );
    expect(requested).toEqual([
      { data: { assetId: id, cropVersion: 1 }, entity_id: world.entities.orgA.id },
      { data: { assetId: id, cropVersion: 2 }, entity_id: world.entities.orgA.id },
    ]);
    expect(await bullKeys()).toEqual([]);
  });

  it('stores an SMS containing NUL (JSON or form) with the NUL removed, never 503', async () => {
    const json = genericWebhook(SECRET, { id: 'nul-1', from: '+4790000011', text: 'ORGA a\u0000b' });
    expect((await send(json)).status).toBe(200);
    const form = twilioWebhook(
      { publicUrl: PUBLIC_URL, authToken: TWILIO_TOKEN },
      { sid: 'SMnul', from: '+4790000012', body: 'ORGA c\u0000d\ud800' },
    );
    expect((await send(form)).status).toBe(200);
    expect((await messagesFrom('+4790000011')).map((m) => m.text)).toEqual(['ORGA ab']);
    expect((await messagesFrom('+4790000012')).map((m) => m.text)).toEqual(['ORGA cd\uFFFD']);
    const [raw] = await query<{ raw: { text: string } }>(
      `select raw from sms_messages where provider_message_id = 'nul-1'`,
    );
    expect(raw.raw.text).toBe('ORGA ab');
  });

  it('dedups Sveve pushes without an id within a window only, not by content forever', async () => {
    const start = new Date(Math.ceil(Date.now() / CONTENT_DEDUP_WINDOW_MS) * CONTENT_DEDUP_WINDOW_MS);
    const push = sveveWebhook(SVEVE_SECRET, { number: '4798887777', msg: 'orga Ja' });
    try {
      // Just before a window turns, then its retry just after: one message.
      api.setNow(new Date(start.getTime() - 1000));
      expect((await send(push)).status).toBe(200);
      api.setNow(new Date(start.getTime() + 60_000));
      expect((await send(push)).status).toBe(200);
      expect(await messagesFrom('4798887777')).toHaveLength(1);
      // The same answer sent again the next day is a message of its own, with its own event.
      api.setNow(new Date(start.getTime() + 24 * 3600 * 1000));
      expect((await send(push)).status).toBe(200);
      const rows = await messagesFrom('4798887777');
      expect(rows).toHaveLength(2);
      expect(await smsEvents(rows[1].id)).toHaveLength(1);
      // With an id, the id alone decides.
      const withId = sveveWebhook(SVEVE_SECRET, { id: 'sv-1', number: '4798887777', msg: 'orga Ja' });
      await send(withId);
      await send(withId);
      expect(await messagesFrom('4798887777')).toHaveLength(3);
    } finally {
      api.setNow(null);
    }
  });

  // The webhook is one statement now (issue 15); a provider's copies racing each other must still
  // end as one row and one event, and every copy must be answered 200 (the losers as duplicates).
  it('stores 20 concurrent copies of one webhook once, with one event (provider id and content key)', async () => {
    const generic = genericWebhook(SECRET, { id: 'race-1', from: '+4790000021', text: 'ORGA race' });
    const sveve = sveveWebhook(SVEVE_SECRET, { number: '4790000022', msg: 'orga race' });
    for (const hook of [generic, sveve]) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(hook)));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      if (hook === generic) expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    }
    for (const from of ['+4790000021', '4790000022']) {
      const rows = await messagesFrom(from);
      expect(rows).toHaveLength(1);
      expect(await smsEvents(rows[0].id)).toHaveLength(1);
    }
  });

  it('keys a Sveve push without an id by its window: a copy over 10 minutes later is a new message', async () => {
    const start = new Date(Math.ceil(Date.now() / CONTENT_DEDUP_WINDOW_MS) * CONTENT_DEDUP_WINDOW_MS);
    const push = sveveWebhook(SVEVE_SECRET, { number: '4790000023', msg: 'orga Nei' });
    try {
      // First at a window's start, again within it (9 minutes later): one message.
      api.setNow(new Date(start.getTime() + 1000));
      expect((await send(push)).status).toBe(200);
      api.setNow(new Date(start.getTime() + 9 * 60_000));
      await send(push);
      expect(await messagesFrom('4790000023')).toHaveLength(1);
      // In the next window but more than 10 minutes after the first: the previous window's copy is
      // too old to count, so this is a message of its own, with its own event.
      api.setNow(new Date(start.getTime() + CONTENT_DEDUP_WINDOW_MS + 2000));
      await send(push);
      const rows = await messagesFrom('4790000023');
      expect(rows).toHaveLength(2);
      expect(await smsEvents(rows[1].id)).toHaveLength(1);
    } finally {
      api.setNow(null);
    }
  });

  // Every webhook's event used to take the one system-wide sequence row's lock until commit, so a
  // webhook waited for any open transaction that had recorded a system-wide event. Broken, this
  // test never finishes: the webhook waits for the transaction, which waits for the webhook.
  it('numbers system-wide events without waiting for another open transaction', async () => {
    const { held, answer } = await unitOfWork(api.deps, async (tx) => {
      const held = await recordEvent(tx, { type: 'sms.received', entityId: null, data: { smsMessageId: 1 } });
      const hook = genericWebhook(SECRET, { id: 'unlocked-1', from: '+4790000024', text: 'ORGA open' });
      return { held, answer: await send(hook) };
    });
    expect(answer.status).toBe(200);
    const [row] = await messagesFrom('+4790000024');
    const [{ seq }] = await query<{ seq: number }>(
      `select seq from events where type = 'sms.received' and data->>'smsMessageId' = '${row.id}'`,
    );
    expect(seq).toBeGreaterThan(0);
    expect(seq).not.toBe(held.seq);
  });
});
