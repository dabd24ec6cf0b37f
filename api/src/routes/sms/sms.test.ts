import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericWebhook, type SignedWebhook, sveveWebhook, twilioWebhook } from '../../test/fakes/sms.fake';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

const PUBLIC_URL = 'https://oppslag.example.com';
const TWILIO_TOKEN = 'twilio-auth-token-for-tests';
const SVEVE_SECRET = 'sveve-secret-for-tests';
const WEBHOOK_SECRET = 'whsec_dGVzdC1zZWNyZXQtZm9yLXN0YW5kYXJkLXdlYmhvb2tz';

describe('inbound SMS webhooks', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi({
      env: {
        PUBLIC_URL,
        TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
        SVEVE_SECRET,
        SMS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    world = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const send = (hook: SignedWebhook, override: Partial<SignedWebhook> = {}) =>
    api.request('POST', override.path ?? hook.path, {
      headers: { ...hook.headers, ...override.headers },
      raw: override.body ?? hook.body,
    });
  const rows = async () =>
    (
      (await api.deps.database.db.execute('select * from sms_messages order by id')) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;

  it('accepts a signed Twilio message, stores it raw and answers empty TwiML', async () => {
    const hook = twilioWebhook(
      { publicUrl: PUBLIC_URL, authToken: TWILIO_TOKEN },
      { sid: 'SM1', from: '+4791234567', body: 'ORGA Hello' },
    );
    const res = await send(hook);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/xml');
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [row] = (await rows()).filter((r) => r.provider_message_id === 'SM1');
    expect(row).toMatchObject({
      provider: 'twilio',
      from: '+4791234567',
      text: 'ORGA Hello',
      status: 'received',
    });
    expect((row.raw as Record<string, string>).AccountSid).toMatch(/^AC/);
  });

  it('refuses unsigned or badly signed Twilio messages and stores nothing', async () => {
    const before = (await rows()).length;
    const hook = twilioWebhook(
      { publicUrl: PUBLIC_URL, authToken: TWILIO_TOKEN },
      { sid: 'SM2', from: '+4791234567', body: 'ORGA x' },
    );
    expect((await send(hook, { headers: { 'x-twilio-signature': '' } })).status).toBe(401);
    expect((await send(hook, { body: hook.body.replace('ORGA', 'ORGB') })).status).toBe(403);
    const wrongKey = twilioWebhook(
      { publicUrl: PUBLIC_URL, authToken: 'other' },
      { sid: 'SM2', from: '+4791234567', body: 'ORGA x' },
    );
    expect((await send(wrongKey)).status).toBe(403);
    const wrongUrl = twilioWebhook(
      { publicUrl: 'https://evil.example.com', authToken: TWILIO_TOKEN },
      { sid: 'SM2', from: '+4791234567', body: 'x' },
    );
    expect((await send(wrongUrl)).status).toBe(403);
    expect((await rows()).length).toBe(before);
  });

  it('accepts Sveve pushes with the right secret only', async () => {
    const before = (await rows()).length;
    const hook = sveveWebhook(SVEVE_SECRET, {
      id: '42824112',
      number: '4791234567',
      msg: 'orga Hei',
      prefix: 'ORGA',
    });
    const res = await send(hook);
    expect(res.status).toBe(200);
    expect(res.body).toBe(undefined);
    expect(
      (await send(sveveWebhook('wrong-secret', { id: '1', number: '4791234567', msg: 'x' }))).status,
    ).toBe(403);
    expect((await send(hook, { path: '/api/sms/inbound/sveve' })).status).toBe(401);
    const stored = (await rows()).filter((r) => r.provider === 'sveve');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      provider_message_id: '42824112',
      from: '4791234567',
      text: 'orga Hei',
      to: '2229',
    });
    expect((await rows()).length).toBe(before + 1);
    // Without an id, Sveve's retries of the same push are still stored once.
    const noId = sveveWebhook(SVEVE_SECRET, { number: '4799999999', msg: 'orga no id' });
    await send(noId);
    await send(noId);
    expect((await rows()).filter((r) => r.from === '4799999999')).toHaveLength(1);
  });

  it('accepts generic Standard Webhooks and rejects bad, missing and stale signatures', async () => {
    const hook = genericWebhook(WEBHOOK_SECRET, { id: 'g-1', from: '+4791234567', text: 'ORGA generic' });
    const ok = await send(hook);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true, duplicate: false });
    const before = (await rows()).length;
    const other = genericWebhook(WEBHOOK_SECRET, { id: 'g-2', from: '+4791234567', text: 'ORGA two' });
    expect((await send(other, { body: other.body.replace('two', 'TWO') })).status).toBe(403);
    expect((await send(other, { headers: { 'webhook-signature': '' } })).status).toBe(401);
    expect((await send(other, { headers: { 'webhook-id': 'msg_other' } })).status).toBe(403);
    const stale = genericWebhook(
      WEBHOOK_SECRET,
      { id: 'g-3', from: '+4791234567', text: 'old' },
      Math.floor(Date.now() / 1000) - 301,
    );
    expect((await send(stale)).status).toBe(403);
    const wrongKey = genericWebhook('whsec_b3RoZXI=', { id: 'g-4', from: '+4791234567', text: 'x' });
    expect((await send(wrongKey)).status).toBe(403);
    // A valid signature over a body that is not the expected shape is a 400, still nothing stored.
    const bad = genericWebhook(WEBHOOK_SECRET, { id: '', from: '', text: 'x' });
    expect((await send(bad)).status).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('stores a message sent three times concurrently once', async () => {
    const hook = genericWebhook(WEBHOOK_SECRET, { id: 'g-dup', from: '+4791234567', text: 'ORGA dup' });
    const results = await Promise.all([send(hook), send(hook), send(hook)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect((await rows()).filter((r) => r.provider_message_id === 'g-dup')).toHaveLength(1);
  });

  it('answers 404 for an unknown provider', async () => {
    const res = await api.request('POST', '/api/sms/inbound/nexmo', { body: {} });
    expect(res.status).toBe(404);
  });

  it('lists inbound messages with their status for the superadmin only', async () => {
    const list = await api.request('GET', '/api/admin/sms', { token: world.users.superadmin.token });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(4);
    expect(list.body[0]).toMatchObject({
      provider: 'generic',
      status: 'received',
      entityId: null,
      noteId: null,
    });
    expect(list.body[0]).not.toHaveProperty('raw');
    const filtered = await api.request('GET', '/api/admin/sms?status=unknown_code_word', {
      token: world.users.superadmin.token,
    });
    expect(filtered.body).toEqual([]);
    expect(
      (await api.request('GET', '/api/admin/sms?status=nope', { token: world.users.superadmin.token }))
        .status,
    ).toBe(400);
    expect((await api.request('GET', '/api/admin/sms', { token: world.users.owner.token })).status).toBe(403);
    expect((await api.request('GET', '/api/admin/sms')).status).toBe(401);
  });
});

describe('inbound SMS without provider configuration', () => {
  it('refuses Twilio and Sveve when their secrets are not set', async () => {
    const api = await startTestApi({ env: { PUBLIC_URL } });
    try {
      const twilio = twilioWebhook(
        { publicUrl: PUBLIC_URL, authToken: 'x' },
        { sid: 'SM9', from: '+4791234567', body: 'x' },
      );
      expect(
        (await api.request('POST', twilio.path, { headers: twilio.headers, raw: twilio.body })).status,
      ).toBe(403);
      const sveve = sveveWebhook('x', { id: '9', number: '4791234567', msg: 'x' });
      expect(
        (await api.request('POST', sveve.path, { headers: sveve.headers, raw: sveve.body })).status,
      ).toBe(403);
    } finally {
      await api.close();
    }
  });
});
