import {
  autoApproveNumbers,
  createWorld,
  events,
  genericWebhook,
  notes,
  PrivateRedis,
  pngSample,
  smsMessages,
  startTestApi,
  type TestApi,
  uploadAsset,
  type World,
} from '@oppslag/api/testing';
import { THEME_PRIMARY } from '@oppslag/common';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsPipeline, waitFor } from '../test/sms-pipeline';
import { redeliverStalledJobs } from './redeliver';

const SECRET = 'outbox-seam-webhook-secret';

/**
 * API ↔ worker through the outbox: the webhook and the crop request only commit rows and events;
 * the relay starts the jobs, the worker's processors do the work (the SMS note through the note
 * service, with its `note.created` event). Redis is a private server this file kills and restarts.
 */
describe('background jobs start from the outbox', () => {
  let redis: PrivateRedis;
  let api: TestApi;
  let world: World;
  let pipeline: Awaited<ReturnType<typeof startSmsPipeline>>;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    api = await startTestApi({ env: { REDIS_URL: redis.url, SMS_WEBHOOK_SECRET: SECRET } });
    world = await createWorld(api.deps);
    await api.deps.database.db
      .insert(autoApproveNumbers)
      .values({ entityId: world.entities.orgA.id, number: '004791111111', description: 'Board' });
    pipeline = await startSmsPipeline(api);
  }, 60_000);
  afterAll(async () => {
    await pipeline?.close();
    await api?.close().catch(() => undefined);
    await redis?.kill();
  });

  const db = () => api.deps.database.db;
  const sendSms = (id: string, text: string, from = '+4791111111') => {
    const hook = genericWebhook(SECRET, { id, from, text });
    return api.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
  };
  const messageOf = async (providerMessageId: string) =>
    (await db().select().from(smsMessages).where(eq(smsMessages.providerMessageId, providerMessageId)))[0];
  const routedNote = (providerMessageId: string, timeoutMs?: number) =>
    waitFor(async () => {
      const message = await messageOf(providerMessageId);
      if (message?.status !== 'routed' || !message.noteId) return null;
      const [note] = await db().select().from(notes).where(eq(notes.id, message.noteId));
      return note;
    }, timeoutMs);
  const noteCreated = async (noteId: number) =>
    (await db().select().from(events).where(eq(events.type, 'note.created'))).filter(
      (e) => (e.data as { id: number }).id === noteId,
    );

  it('webhook → sms.received event → relay → sms job → note via the note service → note.created', async () => {
    expect((await sendSms('seam-1', 'ORGA Trappevask <i>tirsdag</i>\nkl. 18')).status).toBe(200);
    const note = await routedNote('seam-1');
    expect(note).toMatchObject({
      entityId: world.entities.orgA.id,
      source: 'sms',
      approved: true,
      icon: 'comment',
      // Escaped, then sanitized by the note service like a console note (which writes <br />).
      text: '<p>Trappevask &lt;i&gt;tirsdag&lt;/i&gt;<br />kl. 18</p>',
    });
    expect(note.iconColor).toBe(THEME_PRIMARY);
    const [created] = await noteCreated(note.id);
    expect(created.data).toMatchObject({ note: { id: note.id, source: 'sms', approved: true } });
    const [received] = (await db().select().from(events).where(eq(events.type, 'sms.received'))).filter(
      (e) => (e.data as { smsMessageId: number }).smsMessageId === note.smsMessageId,
    );
    expect(received.sentAt).not.toBeNull();
  });

  it('stores an SMS containing NUL and turns it into a note', async () => {
    expect((await sendSms('seam-nul', 'ORGA Heis\u0000 ute av drift')).status).toBe(200);
    expect((await messageOf('seam-nul')).text).toBe('ORGA Heis ute av drift');
    expect((await routedNote('seam-nul')).text).toBe('<p>Heis ute av drift</p>');
  });

  it('an SMS and a crop requested while Redis is down are done once it is back', {
    timeout: 60_000,
  }, async () => {
    await redis.kill();
    try {
      expect((await sendSms('seam-down', 'ORGA Sent while Redis was down')).status).toBe(200);
      const upload = await uploadAsset(api, world.users.moderator.token, world.entities.orgA.id, {
        bytes: await pngSample(60, 60),
      });
      expect(upload.status).toBe(201);
      expect(upload.body.asset.cropPending).toBe(true);
      // Nothing can move while Redis is away: both wait in the outbox, unsent.
      await new Promise((r) => setTimeout(r, 600));
      expect((await messageOf('seam-down')).status).toBe('received');
      const waiting = (await db().select().from(events)).filter((e) => e.sentAt === null).map((e) => e.type);
      expect(waiting).toEqual(expect.arrayContaining(['sms.received', 'asset.cropRequested']));
    } finally {
      await redis.restart();
    }
    // The relay's sweep hands both over; no sweep of SMS rows or crops is running in this test.
    const note = await routedNote('seam-down', 30_000);
    expect(note.text).toBe('<p>Sent while Redis was down</p>');
    expect(await noteCreated(note.id)).toHaveLength(1);
    await waitFor(async () => {
      const res = await api.request('GET', '/api/assets/' + (await lastAssetId()), {
        token: world.users.moderator.token,
      });
      return res.body.asset.hasCropped && !res.body.asset.cropPending;
    }, 30_000);
  });

  it('redelivers through the outbox an SMS whose job Redis lost (restart without persistence)', {
    timeout: 60_000,
  }, async () => {
    // Pause the consumer so the job is still queued when Redis loses it.
    const sms = pipeline.workers.find((w) => w.name === 'sms');
    await sms?.pause();
    expect((await sendSms('seam-lost', 'ORGA Lost with Redis')).status).toBe(200);
    await waitFor(async () => {
      const unsent = (await db().select().from(events)).filter((e) => e.sentAt === null);
      return unsent.length === 0;
    });
    await redis.kill();
    await redis.restart();
    sms?.resume();
    await new Promise((r) => setTimeout(r, 500));
    expect((await messageOf('seam-lost')).status).toBe('received');
    // The inbound SMS, plus any reply (sms_outbound) of an earlier message whose job Redis lost too.
    expect(await redeliverStalledJobs(api.deps, 0)).toBeGreaterThanOrEqual(1);
    const note = await routedNote('seam-lost', 30_000);
    expect(await noteCreated(note.id)).toHaveLength(1);
  });

  it('starts one sms/inbound job for the SMS of one relay batch; lost, every one is redelivered once', {
    timeout: 90_000,
  }, async () => {
    const sms = pipeline.workers.find((w) => w.name === 'sms');
    await sms?.pause();
    // Redis away: the five events wait in the outbox and are moved in one relay batch when it is back.
    await redis.kill();
    const ids = ['batch-a', 'batch-b', 'batch-c', 'batch-d', 'batch-e'];
    try {
      for (const id of ids) expect((await sendSms(id, `ORGA Melding ${id}`)).status).toBe(200);
    } finally {
      await redis.restart();
    }
    const messageIds = (await Promise.all(ids.map(messageOf))).map((m) => m.id).sort((a, b) => a - b);
    await waitFor(async () => (await db().select().from(events)).every((e) => e.sentAt !== null), 30_000);
    const inbound = (await pipeline.queues.queue('sms').getJobs(['waiting', 'prioritized'])).filter(
      (j) => j.name === 'inbound',
    );
    // One job for all five (the rule this change adds), not one per event.
    expect(inbound).toHaveLength(1);
    expect([...inbound[0].data.smsMessageIds].sort((a: number, b: number) => a - b)).toEqual(messageIds);
    // Redis loses the job before it ran: each message is redelivered (its own event) and routed once.
    await redis.kill();
    await redis.restart();
    sms?.resume();
    await new Promise((r) => setTimeout(r, 500));
    for (const id of ids) expect((await messageOf(id)).status).toBe('received');
    expect(await redeliverStalledJobs(api.deps, 0)).toBeGreaterThanOrEqual(ids.length);
    for (const id of ids) {
      const note = await routedNote(id, 30_000);
      expect(await noteCreated(note.id)).toHaveLength(1);
    }
    expect(await db().select().from(notes).where(inArray(notes.smsMessageId, messageIds))).toHaveLength(5);
  });

  const lastAssetId = async () => {
    const rows = await db().execute('select max(id)::int as id from assets');
    return (rows as unknown as { rows: { id: number }[] }).rows[0].id;
  };
});
