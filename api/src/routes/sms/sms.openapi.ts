import { genericSmsSchema, SMS_STATUSES, smsMessageSchema } from '@oppslag/common';
import { z } from 'zod';
import { registerPaths } from '../../openapi/registry';

registerPaths([
  {
    method: 'post',
    path: '/api/sms/inbound/{provider}',
    summary:
      'Inbound SMS webhook. `twilio`: form body signed in X-Twilio-Signature, answers empty TwiML (text/xml). ' +
      '`sveve`: form or query parameters number/msg/prefix/shortnumber/id with `?secret=`, answers an empty text. ' +
      '`generic`: the JSON below, signed Standard Webhooks style (webhook-id, webhook-timestamp, webhook-signature ' +
      '`v1,<base64 HMAC-SHA256 of id.timestamp.body>`), answers JSON. Stored once per provider message id.',
    tags: ['sms'],
    auth: false,
    params: z.object({ provider: z.enum(['twilio', 'sveve', 'generic']) }),
    body: genericSmsSchema,
    responses: {
      200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
      400: 'Validation failed',
      401: 'Missing signature or secret',
      403: 'Invalid signature or secret, stale timestamp, or provider not configured',
      404: 'Unknown provider',
      503: 'The message could not be stored; the provider should retry',
    },
  },
  {
    method: 'get',
    path: '/api/admin/sms',
    summary: 'Recent inbound SMS and what became of them (superadmin)',
    tags: ['sms', 'admin'],
    query: z.object({ status: z.enum(SMS_STATUSES).optional(), limit: z.string().optional() }),
    responses: { 200: z.array(smsMessageSchema), 401: 'Not signed in', 403: 'Superadmin only' },
  },
]);
