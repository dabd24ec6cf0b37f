import Router from '@koa/router';
import { genericSmsSchema, smsContract, sveveSmsSchema, twilioSmsSchema } from '@oppslag/common';
import { propertyOf } from '@oppslag/common/property-of.ts';
import type { Context } from 'koa';
import { statementOfWork } from '../../db/unit-of-work';
import type { AppDeps } from '../../deps';
import { AppError, parse } from '../../errors';
import { mountContract } from '../../http/define-handler';
import { safeEqual, verifyStandardWebhook, verifyTwilio } from '../../lib/webhook-signatures';
import type { DisplayState } from '../../middleware/display-auth';
import { presentSmsMessage } from '../../presenters/sms-message.presenter';
import { type InboundSms, listInboundSms, receiveInboundSms } from '../../services/sms-inbound.service';

const TWIML_EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

const unsigned = () => new AppError('unauthorized', 'Missing webhook signature');
const badSignature = () => new AppError('forbidden', 'Invalid webhook signature');
const notConfigured = () => new AppError('forbidden', 'This SMS provider is not configured');

function bodyObject(ctx: Context): Record<string, unknown> {
  const body = ctx.request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
}

/** The exact request body (koa-body keeps it as `rawBody` because the app sets includeUnparsed). */
function rawBody(ctx: Context): string {
  const raw = propertyOf(ctx.request, 'rawBody');
  return typeof raw === 'string' ? raw : '';
}

/** Twilio: form-encoded MessageSid/From/To/Body, signed with the account's auth token. */
function twilioMessage(deps: AppDeps, ctx: Context): InboundSms {
  const token = deps.config.sms.twilioAuthToken;
  if (!token) throw notConfigured();
  const signature = ctx.get('x-twilio-signature');
  if (!signature) throw unsigned();
  const params = bodyObject(ctx);
  // Twilio signs the public URL it was configured with, which is ours behind any proxy.
  const url = `${deps.config.publicUrl}${ctx.originalUrl}`;
  if (!verifyTwilio(token, url, params, signature)) throw badSignature();
  const msg = parse(twilioSmsSchema, params);
  return {
    provider: 'twilio',
    providerMessageId: msg.MessageSid,
    from: msg.From,
    to: msg.To ?? null,
    text: msg.Body,
    raw: params,
  };
}

/**
 * Sveve: the push URL carries our secret in `?secret=`; parameters (number, msg, prefix,
 * shortnumber, id) come in the form body or the query. Without an `id` the message is keyed by its
 * contents and arrival window (sms-inbound.service contentKey), so Sveve's retries of the same
 * push are stored once while the same text sent again later is a message of its own.
 */
function sveveMessage(deps: AppDeps, ctx: Context): InboundSms {
  const secret = deps.config.sms.sveveSecret;
  if (!secret) throw notConfigured();
  const given = typeof ctx.query.secret === 'string' ? ctx.query.secret : '';
  if (!given) throw unsigned();
  if (!safeEqual(given, secret)) throw badSignature();
  const { secret: _omit, ...query } = ctx.query;
  const params = { ...query, ...bodyObject(ctx) };
  const msg = parse(sveveSmsSchema, params);
  return {
    provider: 'sveve',
    providerMessageId: msg.id || null,
    from: msg.number,
    to: msg.shortnumber ?? null,
    text: msg.msg,
    raw: params,
  };
}

/** Generic JSON `{id, from, to, text}` signed Standard Webhooks style with SMS_WEBHOOK_SECRET. */
function genericMessage(deps: AppDeps, ctx: Context): InboundSms {
  const body = rawBody(ctx);
  const verdict = verifyStandardWebhook(
    deps.config.sms.webhookSecret,
    {
      id: ctx.get('webhook-id'),
      timestamp: ctx.get('webhook-timestamp'),
      signature: ctx.get('webhook-signature'),
    },
    body,
    deps.now(),
  );
  if (verdict === 'missing') throw unsigned();
  if (verdict !== 'ok') throw badSignature();
  const msg = parse(genericSmsSchema, bodyObject(ctx));
  return {
    provider: 'generic',
    providerMessageId: msg.id,
    from: msg.from,
    to: msg.to ?? null,
    text: msg.text,
    raw: msg,
  };
}

const PROVIDERS = { twilio: twilioMessage, sveve: sveveMessage, generic: genericMessage } as const;

/** Inbound SMS webhooks (verified, stored once, queued) and the superadmin's view of them. */
export function smsRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const db = deps.database.db;

  mountContract(router, deps, smsContract, {
    inbound: async ({ params: { provider }, ctx }) => {
      const message = PROVIDERS[provider](deps, ctx);
      // A provider retries on anything but 2xx; a 503 says "later" when the database cannot store it.
      // The relay moves the `sms.received` event to the sms queue (woken after the statement);
      // Redis being down only delays it.
      const stored = await statementOfWork(deps, (own) => receiveInboundSms(own, message, deps.now())).catch(
        (err: Error) => {
          deps.logger.error({ err: err.message, provider }, 'could not store inbound sms');
          throw new AppError('service_unavailable', 'The message could not be stored; try again later');
        },
      );
      if (provider === 'twilio') {
        ctx.type = 'text/xml';
        return TWIML_EMPTY;
      }
      if (provider === 'sveve') {
        // Sveve sends whatever we answer back to the sender when receipts are on; say nothing.
        ctx.type = 'text/plain';
        return '';
      }
      return { received: true as const, duplicate: stored.duplicate };
    },
    list: async ({ query }) => (await listInboundSms(db, query)).map(presentSmsMessage),
  });
  return router;
}
