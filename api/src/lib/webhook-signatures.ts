import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/** Compares two secrets in constant time (different lengths compare unequal without leaking where). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/**
 * Twilio's X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, over the full URL
 * Twilio called followed by every POST parameter name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, unknown>): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) data += key + String(v ?? '');
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilio(
  authToken: string,
  url: string,
  params: Record<string, unknown>,
  signature: string,
): boolean {
  return safeEqual(twilioSignature(authToken, url, params), signature);
}

/** Standard Webhooks tolerance on `webhook-timestamp`, against replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * The HMAC key: a `whsec_`-prefixed secret is base64 (Standard Webhooks), anything else is used as
 * is. Kept as a KeyObject for the last secret seen (there is one per installation): Node turns a
 * Buffer key into a KeyObject on every `createHmac`, which cost more than the HMAC itself
 * (~65 µs against ~13 µs per webhook, profiled in issue 15).
 */
let lastKey: { secret: string; key: KeyObject } | null = null;
function webhookKey(secret: string): KeyObject {
  if (lastKey?.secret !== secret) {
    const bytes = secret.startsWith('whsec_')
      ? Buffer.from(secret.slice(6), 'base64')
      : Buffer.from(secret, 'utf8');
    lastKey = { secret, key: createSecretKey(bytes) };
  }
  return lastKey.key;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, as a sender computes it. */
export function standardWebhookSignature(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
): string {
  const digest = createHmac('sha256', webhookKey(secret))
    .update(`${id}.${timestamp}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${digest}`;
}

export type WebhookVerdict = 'ok' | 'missing' | 'stale' | 'invalid';

/**
 * Verifies a Standard Webhooks request: the id, timestamp and signature headers must be present,
 * the timestamp within the tolerance, and one of the space-separated `v1,` signatures must match.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  now: Date,
): WebhookVerdict {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'invalid';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return 'stale';
  const expected = standardWebhookSignature(secret, id, timestamp, body);
  const matches = signature.split(' ').filter((s) => s.startsWith('v1,') && safeEqual(s, expected));
  return matches.length > 0 ? 'ok' : 'invalid';
}
