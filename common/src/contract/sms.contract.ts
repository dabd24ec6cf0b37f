import { z } from 'zod';
import { SMS_PROVIDERS, smsListQuerySchema, smsMessageSchema, smsReceivedSchema } from '../schemas/sms';
import { defineRoute } from './define-route';

/**
 * Inbound SMS webhooks (content spec §2: notes by SMS) and the superadmin's view of them. The
 * webhook body is not a contract body: each provider sends its own format (form or JSON) and the
 * signature is checked on the exact bytes before anything is parsed, so the handler validates it
 * per provider (twilioSmsSchema, sveveSmsSchema, genericSmsSchema) after verification.
 */
export const smsContract = {
  inbound: defineRoute({
    method: 'post',
    path: '/sms/inbound/{provider}',
    params: z.object({
      provider: z.enum(SMS_PROVIDERS, { error: 'SMS provider not found' }).meta({
        description: SMS_PROVIDERS.join(', '),
      }),
    }),
    response: z.union([
      smsReceivedSchema,
      z.string().meta({ description: 'twilio: empty TwiML (text/xml); sveve: empty text/plain' }),
    ]),
    errors: ['unauthorized', 'forbidden', 'service_unavailable'],
    auth: 'public',
    summary: 'Inbound SMS webhook; stored once per provider message id',
    description: [
      '`twilio`: form body MessageSid/From/To/Body signed in X-Twilio-Signature; answers empty TwiML (text/xml).',
      '`sveve`: form or query parameters number/msg/prefix/shortnumber/id with `?secret=`; answers an empty text.',
      '`generic`: JSON `{ id, from, to?, text }` signed Standard Webhooks style (webhook-id, webhook-timestamp, ' +
        'webhook-signature `v1,<base64 HMAC-SHA256 of id.timestamp.body>`); answers `{ received, duplicate }`.',
      'Missing signature or secret: 401; invalid signature, stale timestamp or provider not configured: 403; ' +
        'the database cannot store the message: 503 (the provider retries).',
    ].join('\n\n'),
    tags: ['sms'],
  }),
  list: defineRoute({
    method: 'get',
    path: '/admin/sms',
    query: smsListQuerySchema,
    response: z.array(smsMessageSchema),
    errors: [],
    auth: 'superadmin',
    summary: 'Recent inbound SMS and what became of them',
    tags: ['sms', 'admin'],
  }),
};
