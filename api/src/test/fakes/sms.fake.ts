import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { standardWebhookSignature, twilioSignature } from '../../lib/webhook-signatures';
import { type HttpFake, sendJson, startHttpFake } from './http-fake';

/** A webhook request as the provider would send it: path, headers and body. */
export interface SignedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Twilio's inbound message webhook, form-encoded and signed over `publicUrl + path`. */
export function twilioWebhook(
  opts: { publicUrl: string; authToken: string },
  msg: { sid: string; from: string; to?: string; body: string },
): SignedWebhook {
  const path = '/api/sms/inbound/twilio';
  const params: Record<string, string> = {
    ToCountry: 'NO',
    SmsMessageSid: msg.sid,
    NumMedia: '0',
    SmsSid: msg.sid,
    SmsStatus: 'received',
    Body: msg.body,
    To: msg.to ?? '+4722222222',
    NumSegments: '1',
    MessageSid: msg.sid,
    AccountSid: 'AC00000000000000000000000000000000',
    From: msg.from,
    ApiVersion: '2010-04-01',
  };
  return {
    path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(opts.authToken, opts.publicUrl + path, params),
    },
    body: new URLSearchParams(params).toString(),
  };
}

/** Sveve's push of a received message: form parameters, our secret in the query. */
export function sveveWebhook(
  secret: string,
  msg: { id?: string; number: string; msg: string; prefix?: string; shortnumber?: string },
): SignedWebhook {
  const params: Record<string, string> = { number: msg.number, msg: msg.msg };
  if (msg.id) params.id = msg.id;
  if (msg.prefix) params.prefix = msg.prefix;
  params.shortnumber = msg.shortnumber ?? '2229';
  return {
    path: `/api/sms/inbound/sveve?secret=${encodeURIComponent(secret)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  };
}

/** The generic provider: JSON signed Standard Webhooks style. */
export function genericWebhook(
  secret: string,
  msg: { id: string; from: string; to?: string; text: string },
  timestamp = Math.floor(Date.now() / 1000),
): SignedWebhook {
  const body = JSON.stringify({ id: msg.id, from: msg.from, to: msg.to ?? '2222', text: msg.text });
  const webhookId = `msg_${randomUUID()}`;
  return {
    path: '/api/sms/inbound/generic',
    headers: {
      'content-type': 'application/json',
      'webhook-id': webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': standardWebhookSignature(secret, webhookId, String(timestamp), body),
    },
    body,
  };
}

export interface SentSms {
  to: string;
  from: string | null;
  text: string;
  /** Sveve's `ref` (our idempotency key), when given. */
  ref?: string;
}

export interface SmsProviderFake extends HttpFake {
  sent: SentSms[];
  /**
   * While true, the fake takes a message (it counts as sent) and never answers: the sender's
   * process can be killed between the provider accepting and the sender recording it.
   */
  swallowAnswers: boolean;
}

/** Twilio's RFC 2822 dates (`Mon, 23 Nov 2026 14:00:00 +0000`). */
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

/**
 * Twilio's REST Messages API: `POST /2010-04-01/Accounts/{sid}/Messages.json`, basic auth with the
 * account SID and auth token, form body To/From/Body; answers 201 with the message resource.
 * `GET` on the same path lists the account's messages newest first, filtered by To and From, in
 * Twilio's page shape (`messages`, `page`, `page_size`, `next_page_uri`).
 */
export async function startTwilioApiFake(accountSid: string, authToken: string): Promise<SmsProviderFake> {
  const sent: SentSms[] = [];
  const resources: Record<string, string | null>[] = [];
  const state = { swallowAnswers: false };
  const fake = await startHttpFake((req, res) => {
    if (
      req.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json` ||
      !['POST', 'GET'].includes(req.method)
    )
      return sendJson(res, 404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return sendJson(res, 401, {
        code: 20003,
        message: 'Authentication Error - invalid username',
        status: 401,
      });
    if (req.method === 'GET') {
      const to = req.query.get('To');
      const from = req.query.get('From');
      const size = Number(req.query.get('PageSize') ?? 50);
      const messages = resources
        .filter((m) => (!to || m.to === to) && (!from || m.from === from))
        .reverse()
        .slice(0, size);
      return sendJson(res, 200, {
        messages,
        page: 0,
        page_size: size,
        first_page_uri: req.path,
        next_page_uri: null,
        previous_page_uri: null,
        uri: req.path,
        start: 0,
        end: messages.length ? messages.length - 1 : 0,
      });
    }
    const form = new URLSearchParams(req.body);
    const to = form.get('To');
    const body = form.get('Body');
    if (!to || !body)
      return sendJson(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    sent.push({ to, from: form.get('From'), text: body });
    const resource = {
      sid: `SM${randomUUID().replace(/-/g, '')}`,
      account_sid: accountSid,
      to,
      from: form.get('From'),
      body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: rfc2822(new Date()),
      date_sent: null,
    };
    resources.push(resource);
    if (state.swallowAnswers) return;
    sendJson(res, 201, resource);
  });
  return withSwitch(fake, sent, state);
}

/** The fake with `sent` and a live `swallowAnswers` switch backed by the handler's state. */
function withSwitch(fake: HttpFake, sent: SentSms[], state: { swallowAnswers: boolean }): SmsProviderFake {
  return Object.defineProperty({ ...fake, sent }, 'swallowAnswers', {
    get: () => state.swallowAnswers,
    set: (v: boolean) => {
      state.swallowAnswers = v;
    },
    enumerable: true,
  }) as SmsProviderFake;
}

/**
 * Sveve's send API (`/SMS/SendMessage`): JSON body {user, passwd, to, msg, from, ref, f: 'json'};
 * answers `{response: {msgOkCount, stdSMSCount, ids}}`, or `fatalError` on bad credentials. Sveve
 * has no way to list sent messages.
 */
export async function startSveveApiFake(user: string, password: string): Promise<SmsProviderFake> {
  const sent: SentSms[] = [];
  const state = { swallowAnswers: false };
  let nextId = 1000;
  const fake = await startHttpFake((req, res) => {
    if (req.method !== 'POST' || req.path !== '/SMS/SendMessage') return sendJson(res, 404, {});
    const body = z.record(z.string(), z.string()).parse(JSON.parse(req.body || '{}'));
    if (body.user !== user || body.passwd !== password)
      return sendJson(res, 200, {
        response: { msgOkCount: 0, stdSMSCount: 0, fatalError: 'Feil brukernavn/passord' },
      });
    const recipients = String(body.to ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const to of recipients)
      sent.push({ to, from: body.from ?? null, text: body.msg, ...(body.ref ? { ref: body.ref } : {}) });
    if (state.swallowAnswers) return;
    sendJson(res, 200, {
      response: {
        msgOkCount: recipients.length,
        stdSMSCount: recipients.length,
        ids: recipients.map(() => nextId++),
      },
    });
  });
  return withSwitch(fake, sent, state);
}
