import { describe, expect, it } from 'vitest';
import { verifyStandardWebhook, verifyTwilio } from './webhook-signatures';

/**
 * Known-answer vectors published by the providers, typed in literally. The verifiers are checked
 * against them, never against a signature our own signer made (that would only prove the code
 * agrees with itself: a switch from HMAC-SHA1 to SHA-256 would pass).
 */
describe('Twilio X-Twilio-Signature (HMAC-SHA1, base64)', () => {
  // The worked example of Twilio's "Validating requests" documentation (also the vector of
  // twilio-python, twilio-php and twilio-csharp's RequestValidator tests).
  const DOCS = {
    authToken: '12345',
    url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
    params: {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    },
    signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
  };

  it("accepts the documentation's example", () => {
    expect(verifyTwilio(DOCS.authToken, DOCS.url, DOCS.params, DOCS.signature)).toBe(true);
  });

  it('sorts the parameters by name, whatever order they arrive in', () => {
    const { To, Digits, CallSid, From, Caller } = DOCS.params;
    const shuffled = { To, Digits, CallSid, From, Caller };
    expect(verifyTwilio(DOCS.authToken, DOCS.url, shuffled, DOCS.signature)).toBe(true);
  });

  it("accepts twilio-ruby's SMS request vector", () => {
    const params = {
      ToState: 'CA',
      FromState: 'CA',
      AccountSid: 'ACba8bc05eacf94afdae398e642c9cc32d',
      SmsMessageSid: 'SM2003cbd5e6a3701999aa3e5f20ff2787',
      Body: 'Orly',
      From: '+14159354345',
      FromCity: 'SAN FRANCISCO',
      SmsStatus: 'received',
      FromZip: '94107',
      FromCountry: 'US',
      To: '+14158141819',
      ToCity: 'SAN FRANCISCO',
      ToZip: '94105',
      ToCountry: 'US',
      ApiVersion: '2010-04-01',
      SmsSid: 'SM2003cbd5e6a3701999aa3e5f20ff2787',
    };
    expect(
      verifyTwilio(
        '2bd9e9638872de601313dc77410d3b23',
        'http://twiliotests.heroku.com/validate/sms',
        params,
        'mxeiv65lEe0b8L6LdVw2jgJi8yw=',
      ),
    ).toBe(true);
  });

  it('refuses the example once any input changes', () => {
    const { authToken, url, params, signature } = DOCS;
    expect(verifyTwilio('54321', url, params, signature)).toBe(false);
    expect(verifyTwilio(authToken, `${url}&baz=3`, params, signature)).toBe(false);
    expect(verifyTwilio(authToken, url, { ...params, Digits: '1235' }, signature)).toBe(false);
    expect(verifyTwilio(authToken, url, { ...params, Extra: '' }, signature)).toBe(false);
    expect(verifyTwilio(authToken, url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8')).toBe(false);
    expect(verifyTwilio(authToken, url, params, '')).toBe(false);
  });
});

describe('Standard Webhooks (v1, HMAC-SHA256 of "id.timestamp.body", base64)', () => {
  // The test vector of the Standard Webhooks specification (standardwebhooks.com).
  const SPEC = {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: '1614265330',
    body: '{"test": 2432232314}',
    signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  };
  const at = (seconds: number) => new Date(seconds * 1000);
  const headers = (over: Partial<{ id: string; timestamp: string; signature: string }> = {}) => ({
    id: SPEC.id,
    timestamp: SPEC.timestamp,
    signature: SPEC.signature,
    ...over,
  });

  it("accepts the specification's vector at its timestamp", () => {
    expect(verifyStandardWebhook(SPEC.secret, headers(), SPEC.body, at(1614265330))).toBe('ok');
  });

  it('accepts it among several space-separated signatures (key rotation)', () => {
    const rotating = headers({ signature: `v1,bm90LXRoaXMtb25l ${SPEC.signature}` });
    expect(verifyStandardWebhook(SPEC.secret, rotating, SPEC.body, at(1614265330))).toBe('ok');
  });

  it('refuses it once the body, id, timestamp or secret changes', () => {
    const now = at(1614265330);
    expect(verifyStandardWebhook(SPEC.secret, headers(), '{"test": 2432232315}', now)).toBe('invalid');
    expect(verifyStandardWebhook(SPEC.secret, headers({ id: 'msg_other' }), SPEC.body, now)).toBe('invalid');
    expect(verifyStandardWebhook(SPEC.secret, headers({ timestamp: '1614265331' }), SPEC.body, now)).toBe(
      'invalid',
    );
    expect(verifyStandardWebhook('whsec_b3RoZXI=', headers(), SPEC.body, now)).toBe('invalid');
    // The signature without its version prefix is not a v1 signature.
    const bare = headers({ signature: SPEC.signature.slice(3) });
    expect(verifyStandardWebhook(SPEC.secret, bare, SPEC.body, now)).toBe('invalid');
  });

  it('is stale more than five minutes either side of the timestamp, missing without a header', () => {
    expect(verifyStandardWebhook(SPEC.secret, headers(), SPEC.body, at(1614265330 + 300))).toBe('ok');
    expect(verifyStandardWebhook(SPEC.secret, headers(), SPEC.body, at(1614265330 - 300))).toBe('ok');
    expect(verifyStandardWebhook(SPEC.secret, headers(), SPEC.body, at(1614265330 + 301))).toBe('stale');
    expect(verifyStandardWebhook(SPEC.secret, headers(), SPEC.body, at(1614265330 - 301))).toBe('stale');
    for (const key of ['id', 'timestamp', 'signature'] as const)
      expect(verifyStandardWebhook(SPEC.secret, headers({ [key]: '' }), SPEC.body, at(1614265330))).toBe(
        'missing',
      );
  });
});
