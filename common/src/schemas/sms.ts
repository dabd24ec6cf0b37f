import { z } from 'zod';

export const SMS_PROVIDERS = ['twilio', 'sveve', 'generic'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** What became of an inbound message; `received` means not processed yet. */
export const SMS_STATUSES = [
  'received',
  'routed',
  'unknown_code_word',
  'invalid_sender',
  'empty_message',
  /** STOP / START: the number opted out of (or back into) replies. */
  'opted_out',
  'opted_in',
  /** JA/NEI and a code from a board member: an approval by reply (or a polite refusal). */
  'code_reply',
  /**
   * Over the sender's daily limit (SMS that make work, per number per Oslo day): kept, and nothing
   * else happens: no note, no reply, no approval request.
   */
  'sender_limit',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** The signed JSON body of the generic provider. */
export const genericSmsSchema = z.object({
  id: z.string().min(1).max(200),
  from: z.string().min(1).max(40),
  to: z.string().max(40).nullable().optional(),
  text: z.string().max(2000),
});

/** Twilio's inbound message webhook (form-encoded); only the fields used are checked. */
export const twilioSmsSchema = z.object({
  MessageSid: z.string().min(1).max(200),
  From: z.string().min(1).max(40),
  To: z.string().max(40).optional(),
  Body: z.string().max(2000).default(''),
});

/** Sveve's push of a received message: number, msg, prefix (code word), shortnumber, and id when sent. */
export const sveveSmsSchema = z.object({
  number: z.string().min(1).max(40),
  msg: z.string().max(2000).default(''),
  prefix: z.string().max(100).optional(),
  shortnumber: z.string().max(40).optional(),
  id: z.string().max(200).optional(),
});

export const smsMessageSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  text: z.string(),
  status: z.string(),
  entityId: z.number().int().nullable(),
  noteId: z.number().int().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

/**
 * `GET /api/entities/{id}/sms-usage`: this month's SMS of the entity's organization against its
 * budget, and the numbers that reached today's reply limit (the console's warning). Without an
 * organization up the chain there is no budget: `organizationId` and the caps are null.
 */
export const smsUsageSchema = z.object({
  organizationId: z.number().int().nullable(),
  month: z.string(),
  used: z.number().int(),
  budget: z.number().int().nullable(),
  dailyReplyLimit: z.number().int().nullable(),
  budgetReached: z.boolean(),
  dailyLimitReached: z.array(z.string()),
});
export type SmsUsage = z.infer<typeof smsUsageSchema>;

/** `GET /api/admin/sms`: filter by status, newest first, at most `limit`. */
export const smsListQuerySchema = z.object({
  status: z.enum(SMS_STATUSES, { error: 'Unknown SMS status' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** The generic provider's JSON answer; Twilio gets empty TwiML and Sveve an empty text instead. */
export const smsReceivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
