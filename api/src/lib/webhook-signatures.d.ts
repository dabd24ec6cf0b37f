/** Compares two secrets in constant time (different lengths compare unequal without leaking where). */
export declare function safeEqual(a: string, b: string): boolean;
/**
 * Twilio's X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, over the full URL
 * Twilio called followed by every POST parameter name and value, sorted by name.
 */
export declare function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, unknown>,
): string;
export declare function verifyTwilio(
  authToken: string,
  url: string,
  params: Record<string, unknown>,
  signature: string,
): boolean;
/** Standard Webhooks tolerance on `webhook-timestamp`, against replays. */
export declare const WEBHOOK_TOLERANCE_SECONDS: number;
/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, as a sender computes it. */
export declare function standardWebhookSignature(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
): string;
export type WebhookVerdict = 'ok' | 'missing' | 'stale' | 'invalid';
/**
 * Verifies a Standard Webhooks request: the id, timestamp and signature headers must be present,
 * the timestamp within the tolerance, and one of the space-separated `v1,` signatures must match.
 */
export declare function verifyStandardWebhook(
  secret: string,
  headers: {
    id?: string;
    timestamp?: string;
    signature?: string;
  },
  body: string,
  now: Date,
): WebhookVerdict;
