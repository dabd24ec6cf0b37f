import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Webhooks as the providers send them, typed in literally: no request here is signed by our own
 * signer (`lib/webhook-signatures.ts`), so a verifier that drifts from a provider's scheme fails.
 */
const PUBLIC_URL = 'https://oppslag.example.com';
const TWILIO_TOKEN = 'twilio-auth-token-for-tests';
const SVEVE_SECRET = 'sveve-secret-for-tests';
// The Standard Webhooks specification's test vector.
const SPEC = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('inbound SMS webhooks: known answers', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      env: { PUBLIC_URL, TWILIO_AUTH_TOKEN: TWILIO_TOKEN, SVEVE_SECRET, SMS_WEBHOOK_SECRET: SPEC.secret },
    });
  });
  afterAll(() => api.close());

  const stored = async (id: string) =>
    (
      (await api.deps.database.db.execute(
        `select provider, "from", text from sms_messages where provider_message_id = '${id}'`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;

  it('accepts a Twilio message signed as Twilio documents it (HMAC-SHA1 of URL + sorted params, base64)', async () => {
    // Twilio's inbound SMS form, in the order Twilio sends it; the signature was computed with an
    // independent HMAC-SHA1 implementation over `${PUBLIC_URL}/api/sms/inbound/twilio` + the
    // parameters sorted by name, keyed with TWILIO_TOKEN.
    const body =
      'ToCountry=NO&SmsMessageSid=SMf00d&NumMedia=0&SmsSid=SMf00d&SmsStatus=received&Body=ORGA+Hei+fra+Twilio' +
      '&To=%2B4722222222&NumSegments=1&MessageSid=SMf00d&AccountSid=AC00000000000000000000000000000000' +
      '&From=%2B4791234567&ApiVersion=2010-04-01';
    const send = (raw: string, signature: string) =>
      api.request('POST', '/api/sms/inbound/twilio', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        raw,
      });
    expect((await send(body.replace('Hei', 'Hallo'), 'Sa4WLmLb5rJ8OLDbPraTypSIbIs=')).status).toBe(403);
    expect((await send(body, 'Sa4WLmLb5rJ8OLDbPraTypSIbIs=')).status).toBe(200);
    expect(await stored('SMf00d')).toEqual([
      { provider: 'twilio', from: '+4791234567', text: 'ORGA Hei fra Twilio' },
    ]);
  });

  it('accepts the Standard Webhooks vector on the generic webhook (then refuses its body as no SMS)', async () => {
    api.setNow(new Date(SPEC.timestamp * 1000));
    try {
      const send = (signature: string) =>
        api.request('POST', '/api/sms/inbound/generic', {
          headers: {
            'content-type': 'application/json',
            'webhook-id': SPEC.id,
            'webhook-timestamp': String(SPEC.timestamp),
            'webhook-signature': signature,
          },
          raw: SPEC.body,
        });
      // Past the signature check (403 otherwise) to the shape check: the vector's body is not an SMS.
      expect((await send(SPEC.signature)).status).toBe(400);
      expect((await send(SPEC.signature.replace('g0hM', 'g0hN'))).status).toBe(403);
    } finally {
      api.setNow(null);
    }
  });

  it("accepts Sveve's push with its documented parameters and our token in the URL, and only with it", async () => {
    // Sveve pushes number (with country code, no +), msg, prefix (the code word) and shortnumber.
    const push = (secret: string) =>
      api.request(
        'POST',
        `/api/sms/inbound/sveve?secret=${secret}&number=4791234567&msg=ORGA%20Hei%20fra%20Sveve&prefix=ORGA&shortnumber=2229&id=42824112`,
      );
    expect((await push('sveve-secret-for-test')).status).toBe(403);
    expect((await push(`${SVEVE_SECRET}x`)).status).toBe(403);
    expect((await push(SVEVE_SECRET)).status).toBe(200);
    expect(await stored('42824112')).toEqual([
      { provider: 'sveve', from: '4791234567', text: 'ORGA Hei fra Sveve' },
    ]);
  });
});
